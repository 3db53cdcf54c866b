import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ArrivalsData, NotArrivedData } from '@portal/contracts';
import { downloadReportFile } from '../api/download-hierarchy-workbook.ts';
import { NOT_ARRIVED_PAGE_SIZE, useArrivals, useNotArrived, type ArrivalsLevel } from '../api/get-arrivals.ts';
import { EventSelect } from '../components/event-select.tsx';
import { ExcelExportButton } from '../components/hierarchy-workbook-button.tsx';
import { Pager } from '../components/pager.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { queryStateProps, ReportTable } from '../components/report-table.tsx';
import { useInsightEvent } from '../hooks/use-insight-event.ts';
import { INSIGHT_NAMES } from '../insight-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';
import type { ReportColumn } from '../utils/report-columns.ts';

type ArrivalsRow = ArrivalsData['rows'][number];
type NotArrivedRow = NotArrivedData['rows'][number];

const NEXT: Record<ArrivalsLevel, ArrivalsLevel | null> = { Region: 'Zone', Zone: 'District', District: null };

const arrivalsColumns = (level: ArrivalsLevel): readonly ReportColumn<ArrivalsRow>[] => [
  { key: 'code', header: level, value: (r) => r.code, named: (r) => r.name, wrap: 'nowrap' },
  { key: 'enrolled', header: 'Enrolled', value: (r) => r.enrolled, format: 'number' },
  { key: 'arrived', header: 'Arrived', value: (r) => r.arrived, format: 'number' },
  { key: 'pct', header: '% Arrived', value: (r) => r.pctArrived, format: 'number' },
];

const notArrivedColumns: readonly ReportColumn<NotArrivedRow>[] = [
  { key: 'name', header: 'Attendee Name', value: (r) => r.attendeeName },
  { key: 'type', header: 'Attendee Type', value: (r) => r.attendeeType },
  { key: 'dlrnum', header: 'Store Code', value: (r) => r.dlrnum, wrap: 'nowrap' },
  { key: 'store', header: 'Store Name', value: (r) => r.storeName },
  { key: 'district', header: 'District', value: (r) => r.district, wrap: 'nowrap' },
  { key: 'zone', header: 'Zone', value: (r) => r.zone, wrap: 'nowrap' },
];

/**
 * Arrivals during the event within the caller's report scope (the server enforces it): enrolled and
 * arrived by region, zone or district (a row's code drills down), and who has not arrived yet. The
 * page refreshes itself every 10 seconds while open.
 */
export function ArrivalsPage() {
  const name = INSIGHT_NAMES.arrivals;
  const [event, setEvent] = useInsightEvent();
  const [level, setLevel] = useState<ArrivalsLevel>('Region');
  const [area, setArea] = useState({ region: '', zone: '' });
  const [page, setPage] = useState(1);
  const arrivals = useArrivals(event, level, area);
  const notArrived = useNotArrived(event, area, page);
  const total = arrivals.data?.total;
  const drill = (row: ArrivalsRow) => {
    const next = NEXT[level];
    if (!next) return;
    setArea(level === 'Region' ? { region: row.code, zone: '' } : { ...area, zone: row.code });
    setLevel(next);
    setPage(1);
  };
  const reset = () => {
    setArea({ region: '', zone: '' });
    setLevel('Region');
    setPage(1);
  };
  const exportQuery = (what: string) => ({ event, what, reportLevel: level, ...(area.region ? { region: area.region } : {}), ...(area.zone ? { zone: area.zone } : {}) });

  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <EventSelect value={event} onChange={(next) => { setEvent(next); reset(); }} />
        <Form.Group controlId="arrivals-level" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0">By</Form.Label>
          <Form.Select size="sm" value={level} onChange={(e) => setLevel(e.target.value as ArrivalsLevel)}>
            <option>Region</option>
            <option>Zone</option>
            <option>District</option>
          </Form.Select>
        </Form.Group>
        {(area.region || area.zone) && (
          <Button size="sm" variant="outline-secondary" onClick={reset}>
            Show all {area.zone ? `(now zone ${area.zone})` : `(now region ${area.region})`}
          </Button>
        )}
        <span className="small text-body-secondary">Refreshes every 10 seconds.</span>
      </div>
      {total && (
        <p aria-live="polite">
          <strong>{total.arrived.toLocaleString('en-US')}</strong> of {total.enrolled.toLocaleString('en-US')} enrolled attendees have arrived
          {total.enrolled ? ` (${((total.arrived / total.enrolled) * 100).toFixed(1)}%)` : ''}.
        </p>
      )}
      <ReportTable
        label={`${name} by ${level} (${event})`}
        columns={arrivalsColumns(level)}
        rows={arrivals.data?.rows ?? []}
        rowKey={(row) => row.code}
        {...queryStateProps(arrivals)}
        emptyText="No enrolled attendees in this area."
        footerRows={total ? [['Total', total.enrolled, total.arrived, total.enrolled ? Math.round((total.arrived / total.enrolled) * 1000) / 10 : 0]] : []}
        exportControl={<ExcelExportButton download={(signal) => downloadReportFile('/api/Report/Arrivals/Export', exportQuery('arrivals'), `arrivals-${event}.xlsx`, signal)} />}
        renderCell={(column, row, text) =>
          column.key === 'code' && NEXT[level] ? (
            <Button variant="link" size="sm" className="p-0" onClick={() => drill(row)} aria-label={`${row.name} (${row.code}): by ${NEXT[level]}`}>
              {text}
            </Button>
          ) : (
            text
          )
        }
      />
      <h2 className="h5 mt-4">Not arrived yet</h2>
      <ReportTable
        label={`Not arrived (${event})`}
        columns={notArrivedColumns}
        rows={notArrived.data?.rows ?? []}
        rowKey={(row) => String(row.registrationId)}
        {...queryStateProps(notArrived)}
        emptyText="Everyone enrolled in this area has arrived."
        exportControl={<ExcelExportButton download={(signal) => downloadReportFile('/api/Report/Arrivals/Export', exportQuery('not-arrived'), `not-arrived-${event}.xlsx`, signal)} />}
        pager={
          notArrived.data && (
            <Pager
              label="Not arrived pages"
              total={notArrived.data.total}
              offset={(page - 1) * NOT_ARRIVED_PAGE_SIZE}
              limit={NOT_ARRIVED_PAGE_SIZE}
              busy={notArrived.isPlaceholderData}
              onChange={(offset) => setPage(offset / NOT_ARRIVED_PAGE_SIZE + 1)}
            />
          )
        }
      />
    </ReportPageLayout>
  );
}
