/**
 * The event's program as an attendee sees it (docs/sessions.md): "My agenda", then the sessions by
 * day with their seats left; join, leave, claim an offered seat, join a full session's waiting list.
 * A refusal (an overlap names the other session) is shown as the server words it. Used by the
 * sessions page (`/nbc/sessions`, event login) and the registration page (the link), each with
 * its own API base (`/api/Sessions` or `/api/Registration/{token}/Sessions`).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinSessionData, SessionRow, SessionsData } from '@portal/contracts';
import { ApiError, apiGet, apiPost } from '../../lib/api-client.ts';

const key = (base: string) => ['session-program', base] as const;

export function useSessionProgram(base: string) {
  return useQuery({
    queryKey: key(base),
    queryFn: async ({ signal }): Promise<SessionsData> => {
      const envelope = await apiGet<SessionsData>(base, undefined, signal);
      if (!envelope.succeeded || !envelope.data) throw new ApiError(200, envelope.message ?? 'The sessions could not be read.', envelope);
      return envelope.data;
    },
    refetchOnWindowFocus: false,
  });
}

function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso));
}

export function timeRangeOf(row: Pick<SessionRow, 'startsAt' | 'endsAt'>, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${time.format(new Date(row.startsAt))} – ${time.format(new Date(row.endsAt))}`;
}

function seatsText(row: SessionRow): string {
  if (row.entry === 'open') return row.seatsLeft > 0 ? `Open to all · ${row.seatsLeft} seats left` : 'Open to all · full';
  if (row.seatsLeft === 0) return 'Full · waiting list';
  return row.seatsLeft === 1 ? '1 seat left' : `${row.seatsLeft} seats left`;
}

function mineText(row: SessionRow): string | null {
  if (row.mine === 'Enrolled') return 'You have a seat';
  if (row.mine === 'Waitlisted') return `Waiting list: number ${row.waitlistPosition ?? '…'}`;
  if (row.mine === 'Offered') return 'A seat is offered to you: claim it';
  return null;
}

interface SessionProgramProps {
  /** `/api/Sessions` or `/api/Registration/{token}/Sessions`. */
  base: string;
  /** Heading level of the sections (the page's own heading is one above). */
  headingLevel?: 2 | 3;
}

export function SessionProgram({ base, headingLevel = 2 }: SessionProgramProps) {
  const query = useSessionProgram(base);
  const client = useQueryClient();
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const act = useMutation({
    mutationFn: async ({ row, action }: { row: SessionRow; action: 'Join' | 'Leave' }) => {
      const envelope = await apiPost<JoinSessionData>(`${base}/${row.id}/${action}`);
      if (!envelope.succeeded) throw new ApiError(200, envelope.message ?? 'Your choice could not be saved.', envelope);
      return { row, action, data: envelope.data };
    },
    onMutate: () => setNotice(null),
    onSuccess: ({ row, action, data }) => {
      if (action === 'Leave') setNotice({ kind: 'success', text: `You left “${row.title}”.` });
      else if (data?.status === 'Waitlisted') setNotice({ kind: 'success', text: `“${row.title}” is full: you are number ${data.waitlistPosition ?? '…'} on its waiting list.` });
      else setNotice({ kind: 'success', text: `You have a seat in “${row.title}”.` });
    },
    onError: (error) => setNotice({ kind: 'danger', text: error instanceof ApiError ? error.message : 'Your choice could not be sent. Please check your connection and try again.' }),
    onSettled: () => client.invalidateQueries({ queryKey: key(base) }),
  });
  const H = `h${headingLevel}` as const;
  const H2 = `h${headingLevel + 1}` as 'h3' | 'h4';

  if (query.isPending) {
    return (
      <p role="status" className="text-body-secondary">
        Loading the sessions…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="alert alert-warning" role="alert">
        {query.error instanceof ApiError && query.error.status === 403 ? query.error.message : 'The sessions could not be loaded.'}{' '}
        <button type="button" className="btn btn-sm btn-outline-secondary ms-2" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const program = query.data;
  const titleOf = new Map(program.rows.map((r) => [r.id, r.title]));
  const mine = program.rows.filter((r) => r.mine !== null);
  const days = new Map<string, SessionRow[]>();
  for (const row of program.rows) {
    const day = dayOf(row.startsAt, program.timeZone);
    days.set(day, [...(days.get(day) ?? []), row]);
  }
  const busy = act.isPending;

  function actions(row: SessionRow) {
    if (!program.canPick) return null;
    const label = (verb: string) => `${verb}: ${row.title}`;
    if (row.mine === 'Offered') {
      return (
        <>
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} aria-label={label('Claim the seat')} onClick={() => act.mutate({ row, action: 'Join' })}>
            Claim the seat
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} aria-label={label('Decline')} onClick={() => act.mutate({ row, action: 'Leave' })}>
            Decline
          </button>
        </>
      );
    }
    if (row.mine !== null) {
      return (
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} aria-label={label(row.mine === 'Waitlisted' ? 'Leave the waiting list' : 'Leave')} onClick={() => act.mutate({ row, action: 'Leave' })}>
          {row.mine === 'Waitlisted' ? 'Leave the waiting list' : 'Leave'}
        </button>
      );
    }
    const full = row.seatsLeft === 0;
    return (
      <button type="button" className={`btn btn-sm ${full ? 'btn-outline-primary' : 'btn-primary'}`} disabled={busy} aria-label={label(full ? 'Join the waiting list' : 'Join')} onClick={() => act.mutate({ row, action: 'Join' })}>
        {full ? 'Join the waiting list' : 'Join'}
      </button>
    );
  }

  return (
    <div className="session-program">
      <p className="text-body-secondary small">Times are in the event’s time zone ({program.timeZone.replace(/_/g, ' ')}).</p>
      {!program.canPick && program.reason && (
        <div className="alert alert-info" role="status">
          {program.reason}
        </div>
      )}
      <div aria-live="polite">
        {notice && (
          <div className={`alert alert-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'} data-testid="session-notice">
            {notice.text}
          </div>
        )}
      </div>

      <section aria-labelledby="my-agenda-heading" className="mb-4">
        <H id="my-agenda-heading" className="h5">
          My agenda
        </H>
        {mine.length === 0 ? (
          <p className="text-body-secondary">You have picked no sessions yet.</p>
        ) : (
          <ul className="list-group" data-testid="my-agenda">
            {mine.map((row) => (
              <li key={row.id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
                <span>
                  <strong>{row.title}</strong>
                  <br />
                  <span className="small">
                    {dayOf(row.startsAt, program.timeZone)}, {timeRangeOf(row, program.timeZone)} · {row.room}
                  </span>
                </span>
                <span className="badge text-bg-light border">{mineText(row)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {program.rows.length === 0 ? (
        <p>No sessions have been published for you yet.</p>
      ) : (
        [...days.entries()].map(([day, rows], index) => (
          <section key={day} aria-labelledby={`session-day-${index}`} className="mb-4">
            <H id={`session-day-${index}`} className="h5">
              {day}
            </H>
            <ul className="list-group">
              {rows.map((row) => (
                <li key={row.id} className="list-group-item" data-testid="session-row" data-session-id={row.id}>
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <div>
                      <H2 className="h6 mb-1">{row.title}</H2>
                      <div className="small text-body-secondary">
                        {timeRangeOf(row, program.timeZone)} · {row.room}
                        {row.track ? ` · ${row.track}` : ''}
                      </div>
                      <div className="small">{seatsText(row)}</div>
                      {row.mine !== null && <div className="small fw-semibold">{mineText(row)}</div>}
                      {row.mine === null && row.conflictsWith !== undefined && (
                        <div className="small text-warning-emphasis">Overlaps “{titleOf.get(row.conflictsWith) ?? 'one of your sessions'}”</div>
                      )}
                    </div>
                    <div className="d-flex gap-2 align-items-start">{actions(row)}</div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
