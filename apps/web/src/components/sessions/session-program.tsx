/**
 * The event's program as an attendee sees it (docs/sessions.md): "My agenda", then the sessions by
 * day with their seats left; join, leave, claim an offered seat, join a full session's waiting list.
 * A refusal (an overlap names the other session) is shown as the server words it (in the reader's
 * language). Used by the sessions page (`/nbc/sessions`, event login) and the registration page (the
 * link), each with its own API base (`/api/Sessions` or `/api/Registration/{token}/Sessions`).
 * Its words come from the sessions part of the catalogs, which it brings along (messages.ts).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinSessionData, SessionRow, SessionsData } from '@portal/contracts';
import { inMessagesArea } from '../../i18n/area.tsx';
import type { Language } from '../../i18n/language.ts';
import { useFormat, useT } from '../../i18n/use-t.ts';
import { formatDate, formatTime } from '../../i18n/format.ts';
import { ApiError, apiGet, apiPost } from '../../lib/api-client.ts';
import { sessionsMessages } from './messages.ts';
import { pageText } from '../../i18n/page-text.ts';

const key = (base: string) => ['session-program', base] as const;

export function useSessionProgram(base: string) {
  return useQuery({
    queryKey: key(base),
    queryFn: async ({ signal }): Promise<SessionsData> => {
      const envelope = await apiGet<SessionsData>(base, undefined, signal);
      if (!envelope.succeeded || !envelope.data) throw new ApiError(200, envelope.message ?? pageText('api.sessionsReadFailed'), envelope);
      return envelope.data;
    },
    refetchOnWindowFocus: false,
  });
}

/** The session's day in the event's time zone: "Monday, March 1" / "lundi 1 mars". */
function dayOf(iso: string, timeZone: string, language: Language): string {
  return formatDate(iso, language, { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
}

/** The session's start and end times in the event's time zone. */
function timesOf(row: Pick<SessionRow, 'startsAt' | 'endsAt'>, timeZone: string, language: Language) {
  const options: Intl.DateTimeFormatOptions = { timeZone, hour: 'numeric', minute: '2-digit' };
  return { start: formatTime(row.startsAt, language, options), end: formatTime(row.endsAt, language, options) };
}

interface SessionProgramProps {
  /** `/api/Sessions` or `/api/Registration/{token}/Sessions`. */
  base: string;
  /** Heading level of the sections (the page's own heading is one above). */
  headingLevel?: 2 | 3;
}

function Program({ base, headingLevel = 2 }: SessionProgramProps) {
  const t = useT();
  const { language } = useFormat();
  const query = useSessionProgram(base);
  const client = useQueryClient();
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const act = useMutation({
    mutationFn: async ({ row, action }: { row: SessionRow; action: 'Join' | 'Leave' }) => {
      const envelope = await apiPost<JoinSessionData>(`${base}/${row.id}/${action}`);
      if (!envelope.succeeded) throw new ApiError(200, envelope.message ?? pageText('api.choiceSaveFailed'), envelope);
      return { row, action, data: envelope.data };
    },
    onMutate: () => setNotice(null),
    onSuccess: ({ row, action, data }) => {
      if (action === 'Leave') setNotice({ kind: 'success', text: t('sessions.notice.left', { title: row.title }) });
      else if (data?.status === 'Waitlisted') setNotice({ kind: 'success', text: t('sessions.notice.waitlisted', { title: row.title, position: data.waitlistPosition ?? '…' }) });
      else setNotice({ kind: 'success', text: t('sessions.notice.joined', { title: row.title }) });
    },
    onError: (error) => setNotice({ kind: 'danger', text: error instanceof ApiError ? error.message : t('sessions.notice.failed') }),
    onSettled: () => client.invalidateQueries({ queryKey: key(base) }),
  });
  const H = `h${headingLevel}` as const;
  const H2 = `h${headingLevel + 1}` as 'h3' | 'h4';

  if (query.isPending) {
    return (
      <p role="status" className="text-body-secondary">
        {t('sessions.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="alert alert-warning" role="alert">
        {query.error instanceof ApiError && query.error.status === 403 ? query.error.message : t('sessions.loadFailed')}{' '}
        <button type="button" className="btn btn-sm btn-outline-secondary ms-2" onClick={() => void query.refetch()}>
          {t('sessions.tryAgain')}
        </button>
      </div>
    );
  }
  const program = query.data;
  const titleOf = new Map(program.rows.map((r) => [r.id, r.title]));
  const mine = program.rows.filter((r) => r.mine !== null);
  const days = new Map<string, SessionRow[]>();
  for (const row of program.rows) {
    const day = dayOf(row.startsAt, program.timeZone, language);
    days.set(day, [...(days.get(day) ?? []), row]);
  }
  const busy = act.isPending;
  const timeRange = (row: SessionRow) => t('sessions.timeRange', timesOf(row, program.timeZone, language));

  function seatsText(row: SessionRow): string {
    if (row.entry === 'open') return row.seatsLeft > 0 ? t('sessions.seats.openLeft', { count: row.seatsLeft }) : t('sessions.seats.openFull');
    if (row.seatsLeft === 0) return t('sessions.seats.fullWaitlist');
    return t('sessions.seats.left', { count: row.seatsLeft });
  }

  function mineText(row: SessionRow): string | null {
    if (row.mine === 'Enrolled') return t('sessions.mine.enrolled');
    if (row.mine === 'Waitlisted') return t('sessions.mine.waitlisted', { position: row.waitlistPosition ?? '…' });
    if (row.mine === 'Offered') return t('sessions.mine.offered');
    return null;
  }

  function actions(row: SessionRow) {
    if (!program.canPick) return null;
    const label = (action: string) => t('sessions.action.label', { action, title: row.title });
    if (row.mine === 'Offered') {
      return (
        <>
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} aria-label={label(t('sessions.action.claim'))} onClick={() => act.mutate({ row, action: 'Join' })}>
            {t('sessions.action.claim')}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} aria-label={label(t('sessions.action.decline'))} onClick={() => act.mutate({ row, action: 'Leave' })}>
            {t('sessions.action.decline')}
          </button>
        </>
      );
    }
    if (row.mine !== null) {
      const leave = t(row.mine === 'Waitlisted' ? 'sessions.action.leaveWaitlist' : 'sessions.action.leave');
      return (
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} aria-label={label(leave)} onClick={() => act.mutate({ row, action: 'Leave' })}>
          {leave}
        </button>
      );
    }
    const full = row.seatsLeft === 0;
    const join = t(full ? 'sessions.action.joinWaitlist' : 'sessions.action.join');
    return (
      <button type="button" className={`btn btn-sm ${full ? 'btn-outline-primary' : 'btn-primary'}`} disabled={busy} aria-label={label(join)} onClick={() => act.mutate({ row, action: 'Join' })}>
        {join}
      </button>
    );
  }

  return (
    <div className="session-program">
      <p className="text-body-secondary small">{t('sessions.timeZone', { zone: program.timeZone.replace(/_/g, ' ') })}</p>
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
          {t('sessions.myAgenda')}
        </H>
        {mine.length === 0 ? (
          <p className="text-body-secondary">{t('sessions.myAgenda.empty')}</p>
        ) : (
          <ul className="list-group" data-testid="my-agenda">
            {mine.map((row) => (
              <li key={row.id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
                <span>
                  <strong>{row.title}</strong>
                  <br />
                  <span className="small">
                    {dayOf(row.startsAt, program.timeZone, language)}, {timeRange(row)} · {row.room}
                  </span>
                </span>
                <span className="badge text-bg-light border">{mineText(row)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {program.rows.length === 0 ? (
        <p>{t('sessions.none')}</p>
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
                        {[timeRange(row), row.room, row.track].filter(Boolean).join(' · ')}
                      </div>
                      <div className="small">{seatsText(row)}</div>
                      {row.mine !== null && <div className="small fw-semibold">{mineText(row)}</div>}
                      {row.mine === null && row.conflictsWith !== undefined && (
                        <div className="small text-warning-emphasis">
                          {titleOf.has(row.conflictsWith) ? t('sessions.overlaps', { title: titleOf.get(row.conflictsWith) }) : t('sessions.overlapsMine')}
                        </div>
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

/** The program in the sessions part of the catalogs. */
export const SessionProgram = inMessagesArea(sessionsMessages, Program);
