import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { AdminErasureRequest } from '@portal/contracts';
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
      <Table size="sm" className="mb-0" aria-label="Open erasure requests">
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">E-mail</th>
            <th scope="col">Asked</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
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
            </tr>
          ))}
        </tbody>
      </Table>
    </Alert>
  );
}
