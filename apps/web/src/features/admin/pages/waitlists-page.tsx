/**
 * The waiting lists (docs/waiting-lists.md): every queue (the event's own, each per-store code's)
 * with positions, offers and their expiry. An organizer offers a place by hand or moves someone.
 * A lazy route of the console: its own chunk.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { AdminWaitlist, AdminWaitlistEntry } from '@portal/contracts';
import { adminPaths } from '../admin-paths.ts';
import { useMoveInQueue, useOfferPlace, useWaitlists } from '../api/waitlists.ts';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { ACTIONS, DataTable } from '../../../components/ui/table/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/ui/table/query-state.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDateTime } from '../utils/format.ts';

export default function WaitlistsPage() {
  const [event, setEvent] = useState('');
  const queues = useWaitlists(event);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <div>
          <h1 className="h3 mb-0">Waiting lists</h1>
          {/* The sessions' queues and people have their own page (the section bar has no room left at laptop widths). */}
          <Link to={adminPaths.sessions} className="small">
            Sessions: fill, people and their waiting lists
          </Link>
        </div>
        <SelectField
          id="waitlists-event"
          label="Event"
          className="mb-0"
          value={event}
          onChange={setEvent}
          options={[
            { value: '', label: 'All events' },
            { value: 'nbc', label: 'nbc' },
            { value: 'abc', label: 'abc' },
          ]}
        />
      </div>
      <QueryState query={queues} loadingLabel="Loading the waiting lists…">
        {(page) => (page.total === 0 ? <EmptyState>No one is waiting.</EmptyState> : page.rows.map((q) => <Queue key={`${q.event}:${q.accessCodeId ?? 'event'}`} queue={q} />))}
      </QueryState>
    </>
  );
}

function Queue({ queue }: { queue: AdminWaitlist }) {
  const title = `${queue.event}: ${queue.kind === 'event' ? 'event' : 'access code'} ${queue.label}`;
  return (
    <section className="mb-4" aria-label={title}>
      <h2 className="h5">{title}</h2>
      <p className="text-body-secondary mb-2">
        {queue.places === null ? 'No limit' : `${queue.held} of ${queue.places} places held`} · {queue.waiting} waiting · {queue.offered} offered
      </p>
      <DataTable
        label={`Queue ${title}`}
        columns={[{ header: 'Position', className: 'text-end' }, 'Attendee', 'Store', 'Status', 'Waiting since', 'Offer expires', ACTIONS]}
        rows={queue.entries}
        rowKey={(entry) => entry.registrationId}
      >
        {(entry) => <EntryCells entry={entry} />}
      </DataTable>
    </section>
  );
}

/** A queue entry's cells, with its own offer and move calls. */
function EntryCells({ entry }: { entry: AdminWaitlistEntry }) {
  const offer = useOfferPlace();
  const move = useMoveInQueue();
  const [position, setPosition] = useState('');
  const failure = offer.error ?? move.error;
  const waiting = entry.status === 'Waitlisted';
  return (
    <>
      <td className="text-end">{entry.position ?? '—'}</td>
      <td>
        <Link to={adminPaths.registration(entry.registrationId)}>
          {entry.firstName} {entry.lastName}
        </Link>
        {entry.email ? <div className="small text-body-secondary">{entry.email}</div> : null}
      </td>
      <td>{entry.storeName ? `${entry.storeName} (${entry.storeDlrnum})` : '—'}</td>
      <td>
        <StatusBadge status={entry.status} />
      </td>
      <td>{entry.waitlistedAt ? formatDateTime(entry.waitlistedAt) : '—'}</td>
      <td>{entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt) : '—'}</td>
      <td>
        {waiting && (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <Button size="sm" variant="outline-primary" disabled={offer.isPending} onClick={() => offer.mutate(entry.registrationId)}>
              Offer a place now
            </Button>
            <form
              className="d-flex gap-1 align-items-center"
              onSubmit={(e) => {
                e.preventDefault();
                const to = Number(position);
                if (Number.isInteger(to) && to >= 1) move.mutate({ id: entry.registrationId, position: to });
              }}
            >
              <TextField
                id={`move-${entry.registrationId}`}
                label={`New position of ${entry.firstName} ${entry.lastName}`}
                labelClassName="visually-hidden"
                className=""
                size="sm"
                style={{ width: '5rem' }}
                type="number"
                min={1}
                value={position}
                onChange={setPosition}
                placeholder="Pos."
              />
              <Button size="sm" variant="outline-secondary" type="submit" disabled={move.isPending || position === ''}>
                Move
              </Button>
            </form>
          </div>
        )}
        {failure && (
          <div role="alert" className="text-danger small mt-1">
            {failure.message}
          </div>
        )}
      </td>
    </>
  );
}
