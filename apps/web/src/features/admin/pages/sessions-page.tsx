/**
 * The program (docs/sessions.md): each session's fill (capacity, enrolled, waiting, offered,
 * attended) and, opened, its people with their status, queue position, store and attendance; an
 * organizer cancels a session (everyone picked gets a mail). A lazy route of the console.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { AdminSession, EventType } from '@portal/contracts';
import { ACTIONS, DataTable } from '../../../components/ui/table/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/ui/table/query-state.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useConfirmTarget } from '../hooks/use-confirm-target.ts';
import { useAdminSessions, useCancelSession, useSessionPeople } from '../api/sessions.ts';
import { formatDateTime } from '../utils/format.ts';
import { PageTitle } from '../components/page-title.tsx';
import { EventSelect } from '../components/event-select.tsx';

const when = (s: AdminSession) =>
  `${new Intl.DateTimeFormat('en-US', { timeZone: s.timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(s.startsAt))}`;

export default function SessionsPage() {
  const [event, setEvent] = useState<EventType>('nbc');
  const [open, setOpen] = useState<AdminSession | null>(null);
  const sessions = useAdminSessions(event);
  const cancelling = useConfirmTarget(useCancelSession(), (s: AdminSession) => s.id);
  return (
    <>
      <PageTitle title="Sessions">
        <EventSelect
          id="sessions-event"
          value={event}
          onChange={(value) => {
            setEvent(value);
            setOpen(null);
          }}
        />
      </PageTitle>
      <QueryState query={sessions} loadingLabel="Loading the sessions…">
        {(page) =>
          page.total === 0 ? (
            <EmptyState>No sessions yet.</EmptyState>
          ) : (
            <DataTable
              label="Sessions"
              columns={['Session', 'Starts', 'Room', { header: 'Capacity', className: 'text-end' }, { header: 'Enrolled', className: 'text-end' }, { header: 'Waiting', className: 'text-end' }, { header: 'Attended', className: 'text-end' }, ACTIONS]}
              rows={page.rows}
              rowKey={(s) => s.id}
            >
              {(s) => (
                <>
                  <td>
                    {s.title}
                    <div className="small text-body-secondary">
                      {s.entry === 'open' ? 'open' : 'picked'}
                      {s.track ? ` · ${s.track}` : ''}
                      {s.cancelledAt ? ' · cancelled' : ''}
                    </div>
                  </td>
                  <td>{when(s)}</td>
                  <td>{s.room}</td>
                  <td className="text-end">{s.capacity}</td>
                  <td className="text-end">{s.enrolled}</td>
                  <td className="text-end">{s.waitlisted + s.offered}</td>
                  <td className="text-end">{s.attended}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-2">
                      <Button size="sm" variant="outline-primary" onClick={() => setOpen(open?.id === s.id ? null : s)} aria-expanded={open?.id === s.id}>
                        {open?.id === s.id ? 'Hide people' : 'People'}
                      </Button>
                      {!s.cancelledAt && (
                        <Button size="sm" variant="outline-danger" onClick={() => cancelling.ask(s)}>
                          Cancel session
                        </Button>
                      )}
                    </div>
                  </td>
                </>
              )}
            </DataTable>
          )
        }
      </QueryState>
      {open && <SessionPeople session={open} />}
      <ConfirmDialog {...cancelling.dialog} title="Cancel this session?" confirmLabel="Cancel session">
        Everyone who picked “{cancelling.target?.title}” gets a mail, and their places are released.
      </ConfirmDialog>
    </>
  );
}

function SessionPeople({ session }: { session: AdminSession }) {
  const people = useSessionPeople(session.id);
  return (
    <section className="mt-4" aria-labelledby="session-people-heading">
      <h2 id="session-people-heading" className="h5">
        People of “{session.title}”
      </h2>
      <QueryState query={people} loadingLabel="Loading the people…">
        {(page) =>
          page.total === 0 ? (
            <EmptyState>Nobody has picked this session yet.</EmptyState>
          ) : (
            <DataTable label={`People of ${session.title}`} columns={['Attendee', 'Store', 'Status', { header: 'Position', className: 'text-end' }, 'Attended']} rows={page.rows} rowKey={(p) => p.registrationId}>
              {(p) => (
                <>
                  <td>
                    {p.firstName} {p.lastName}
                    {p.email ? <div className="small text-body-secondary">{p.email}</div> : null}
                  </td>
                  <td>{p.storeName ? `${p.storeName} (${p.storeDlrnum})` : '—'}</td>
                  <td>{p.status ?? 'not picked'}</td>
                  <td className="text-end">{p.waitlistPosition ?? '—'}</td>
                  <td>{p.attendedAt ? formatDateTime(p.attendedAt) : '—'}</td>
                </>
              )}
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}
