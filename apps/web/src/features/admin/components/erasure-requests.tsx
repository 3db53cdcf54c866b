import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { AdminErasureRequest } from '@portal/contracts';
import { ACTIONS, DataTable } from '../../../components/ui/table/data-table.tsx';
import { useErasureRequests } from '../api/privacy.ts';
import { formatDateTime } from '../utils/format.ts';

/** The attendees' open "erase my data" requests, above the people list. */
export function ErasureRequests({ onFind }: { onFind: (request: AdminErasureRequest) => void }) {
  const requests = useErasureRequests({ status: 'open', page: 1, pageSize: 50 });
  const rows = requests.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <Alert variant="warning" aria-label="Erasure requests">
      <h2 className="h6">Erasure requests ({requests.data?.total ?? rows.length} open)</h2>
      <DataTable variant="plain" className="mb-0" label="Open erasure requests" columns={['Person', 'E-mail', 'Asked', ACTIONS]} rows={rows} rowKey={(r) => r.id}>
        {(r) => (
          <>
            <td>
              {r.firstName} {r.lastName}
            </td>
            <td className="text-break">{r.email ?? '—'}</td>
            <td>{formatDateTime(r.requestedAt)}</td>
            <td>
              <Button size="sm" variant="outline-dark" onClick={() => onFind(r)}>
                Show
              </Button>
            </td>
          </>
        )}
      </DataTable>
    </Alert>
  );
}
