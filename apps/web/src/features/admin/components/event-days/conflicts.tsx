/** Badges two doors both admitted while offline. */
import { Link } from 'react-router';
import { adminPaths } from '../../admin-paths.ts';
import { useConflicts } from '../../api/event-days.ts';
import { PagedTable } from '../../../../components/ui/table/paged-table.tsx';
import { formatDateTime } from '../../utils/format.ts';
import type { EventId } from './event-days-events.ts';
import { Panel } from './panel.tsx';

export function Conflicts({ event }: { event: EventId }) {
  const conflicts = useConflicts(event);
  return (
    <Panel id="conflicts-title" title="Conflicts">
      <p className="small text-body-secondary">Badges two doors both admitted while offline: the same badge may have been used by two people.</p>
      <PagedTable
        query={conflicts}
        loadingLabel="Loading conflicts…"
        empty="No conflicts."
        label="Conflicts"
        striped={false}
        hover={false}
        columns={['Attendee', 'Store', 'First admitted', 'Also admitted']}
        rowKey={(c) => c.second.scanId}
      >
        {(c) => (
          <>
            <td>
              <Link to={adminPaths.registration(c.registrationId)}>{c.attendeeName}</Link>
            </td>
            <td>{c.storeName}</td>
            <td>
              {formatDateTime(c.first.at)}, {c.first.door} ({c.first.device})
            </td>
            <td>
              {formatDateTime(c.second.at)}, {c.second.door} ({c.second.device})
            </td>
          </>
        )}
      </PagedTable>
    </Panel>
  );
}
