/** The event's arrivals per region, zone or district (refreshed every 10 s while shown) and who has not arrived yet. */
import { useState } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '../../admin-paths.ts';
import { PAGE_SIZE } from '../../api/admin-types.ts';
import { useArrivals, useNotArrived } from '../../api/event-days.ts';
import { SelectField } from '../../../../components/ui/form/select-field.tsx';
import { DataTable } from '../../../../components/ui/table/data-table.tsx';
import { PagedTable } from '../../../../components/ui/table/paged-table.tsx';
import { EmptyState, QueryState } from '../../../../components/ui/table/query-state.tsx';
import { formatCount } from '../../utils/format.ts';
import { ATTENDEE_TYPE_LABELS, labelOf } from '../../utils/labels.ts';
import type { EventId } from './event-days-events.ts';
import { Panel } from './panel.tsx';

const LEVELS = ['Region', 'Zone', 'District'] as const;
export function Arrivals({ event }: { event: EventId }) {
  const [level, setLevel] = useState<(typeof LEVELS)[number]>('Region');
  const [page, setPage] = useState(1);
  const arrivals = useArrivals(event, { reportLevel: level });
  const notArrived = useNotArrived(event, { page, pageSize: PAGE_SIZE });
  return (
    <Panel
      id="arrivals-title"
      title="Arrivals"
      aside={
        <>
          <SelectField id="arrivals-level" label="By" className="" labelClassName="small mb-0" size="sm" value={level} onChange={setLevel} options={LEVELS} />
          <span className="small text-body-secondary">Refreshes every 10 seconds.</span>
        </>
      }
    >
      <QueryState query={arrivals} loadingLabel="Loading arrivals…">
        {(data) =>
          data.rows.length === 0 ? (
            <EmptyState>No enrolled attendees with a store yet.</EmptyState>
          ) : (
            <DataTable
              label="Arrivals"
              striped={false}
              columns={[level, 'Name', ...COUNT_COLUMNS]}
              rows={data.rows}
              rowKey={(r) => r.code}
              footer={
                <tr className="fw-bold">
                  <td colSpan={2}>Total</td>
                  <ArrivalCounts enrolled={data.total.enrolled} arrived={data.total.arrived} pct={data.total.enrolled ? (data.total.arrived / data.total.enrolled) * 100 : 0} />
                </tr>
              }
            >
              {(r) => (
                <>
                  <td>{r.code}</td>
                  <td>{r.name}</td>
                  <ArrivalCounts enrolled={r.enrolled} arrived={r.arrived} pct={r.pctArrived} />
                </>
              )}
            </DataTable>
          )
        }
      </QueryState>
      <h3 className="h6 mt-3">Not arrived yet</h3>
      <PagedTable
        query={notArrived}
        loadingLabel="Loading who has not arrived…"
        empty="Everyone enrolled has arrived."
        label="Not arrived"
        striped={false}
        columns={['Attendee', 'Type', 'Store', 'District', 'Zone']}
        rowKey={(r) => r.registrationId}
        pager={{ label: 'Not arrived pages', page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(r) => (
          <>
            <td>
              <Link to={adminPaths.registration(r.registrationId)}>{r.attendeeName}</Link>
            </td>
            <td>{labelOf(ATTENDEE_TYPE_LABELS, r.attendeeType)}</td>
            <td>
              {r.dlrnum} {r.storeName}
            </td>
            <td>{r.district}</td>
            <td>{r.zone}</td>
          </>
        )}
      </PagedTable>
    </Panel>
  );
}

const COUNT_COLUMNS = [
  { header: 'Enrolled', className: 'text-end' },
  { header: 'Arrived', className: 'text-end' },
  { header: '% arrived', className: 'text-end' },
];

function ArrivalCounts({ enrolled, arrived, pct }: { enrolled: number; arrived: number; pct: number }) {
  return (
    <>
      <td className="text-end">{formatCount(enrolled)}</td>
      <td className="text-end">{formatCount(arrived)}</td>
      <td className="text-end">{pct.toFixed(1)}</td>
    </>
  );
}
