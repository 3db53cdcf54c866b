/**
 * Session fill within the caller's report scope (docs/sessions.md, "API"): every session of the
 * event's program with its room's capacity and the enrolled, waiting and attended people of the
 * scope, then one session broken down by the region, zone or district of each person's store (a
 * code drills down). Both tables export the server's workbook. The state lives in the URL
 * (`?event=&session=&level=&region=&zone=`), so a reload or a shared link shows the same breakdown.
 * A lazy chunk of its own; every string comes from the `sessions-report` catalog part.
 */
import { useCallback, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useSearchParams } from 'react-router';
import type { EventType, SessionHierarchyRow, SessionReportRow } from '@portal/contracts';
import { inMessagesArea, useFormat, useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  downloadSessionByArea,
  downloadSessionFill,
  useSessionByArea,
  useSessionFill,
  type SessionArea,
  type SessionReportLevel,
} from '../api/get-session-report.ts';
import { ServerFileButton } from '../components/hierarchy-workbook-button.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { ExcelReportTable } from '../components/excel-report-table.tsx';
import { useInsightEvent } from '../hooks/use-insight-event.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { sessionsReportArea } from '../sessions-report-area.ts';
import type { CellValue, ReportColumn } from '../../../components/ui/table/report-columns.ts';

const EVENTS: readonly EventType[] = ['nbc', 'abc'];
const LEVELS: readonly SessionReportLevel[] = ['Region', 'Zone', 'District'];
const NEXT: Record<SessionReportLevel, SessionReportLevel | null> = { Region: 'Zone', Zone: 'District', District: null };

type Query = { isPending: boolean; error: unknown; refetch: () => Promise<unknown> };

/** The breakdown's place in the URL: the session, the level and the area it is narrowed to. */
function useBreakdownParams() {
  const [params, setParams] = useSearchParams();
  const sessionParam = Number(params.get('session'));
  const session = Number.isInteger(sessionParam) && sessionParam > 0 ? sessionParam : null;
  const level = LEVELS.find((l) => l === params.get('level')) ?? 'Region';
  const area: SessionArea = { region: params.get('region') ?? '', zone: params.get('zone') ?? '' };
  const update = useCallback(
    (next: { event?: EventType; session?: number | null; level?: SessionReportLevel; region?: string; zone?: string }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value === null || value === '' || value === undefined) updated.delete(key);
            else updated.set(key, String(value));
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { session, level, area, update };
}

function SessionsReportPage() {
  const t = useT();
  const fmt = useFormat();
  const navigate = useNavigate();
  const [event] = useInsightEvent();
  const { session, level, area, update } = useBreakdownParams();
  const fill = useSessionFill(event);
  const rows = fill.data?.rows ?? [];
  const timeZone = fill.data?.timeZone ?? 'UTC';
  const chosen = rows.find((row) => row.id === session) ?? null;
  const breakdownHeading = useRef<HTMLHeadingElement>(null);
  const focusBreakdown = useRef(false);

  const startsAt = (iso: string) => fmt.dateTime(iso, { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  const number = (value: number) => fmt.number(value);
  const ratio = (part: number, whole: number) => (whole > 0 ? fmt.percent(part / whole) : '–');
  const totals = rows.reduce((sum, r) => ({ capacity: sum.capacity + r.capacity, enrolled: sum.enrolled + r.enrolled, waitlisted: sum.waitlisted + r.waitlisted, attended: sum.attended + r.attended }), {
    capacity: 0,
    enrolled: 0,
    waitlisted: 0,
    attended: 0,
  });

  const columns: readonly ReportColumn<SessionReportRow>[] = [
    // Titles wrap at their words: a phone keeps the numbers in sight beside them.
    { key: 'title', header: t('sessionsReport.col.session'), value: (r) => r.title },
    { key: 'startsAt', header: t('sessionsReport.col.startsAt'), value: (r) => startsAt(r.startsAt), wrap: 'nowrap' },
    { key: 'room', header: t('sessionsReport.col.room'), value: (r) => r.room },
    { key: 'capacity', header: t('sessionsReport.col.capacity'), value: (r) => number(r.capacity), format: 'number' },
    { key: 'enrolled', header: t('sessionsReport.col.enrolled'), value: (r) => number(r.enrolled), format: 'number' },
    { key: 'seatsTaken', header: t('sessionsReport.col.seatsTaken'), value: (r) => ratio(r.enrolled, r.capacity), format: 'number' },
    { key: 'waitlisted', header: t('sessionsReport.col.waitlisted'), value: (r) => number(r.waitlisted), format: 'number' },
    { key: 'attended', header: t('sessionsReport.col.attended'), value: (r) => number(r.attended), format: 'number' },
    { key: 'pctAttended', header: t('sessionsReport.col.pctAttended'), value: (r) => ratio(r.attended, r.enrolled), format: 'number' },
  ];
  const footer: CellValue[][] = [
    [
      t('sessionsReport.total'),
      '',
      '',
      number(totals.capacity),
      number(totals.enrolled),
      ratio(totals.enrolled, totals.capacity),
      number(totals.waitlisted),
      number(totals.attended),
      ratio(totals.attended, totals.enrolled),
    ],
  ];

  // A breakdown opened from the table takes the keyboard's focus to its heading.
  useEffect(() => {
    if (chosen && focusBreakdown.current) {
      focusBreakdown.current = false;
      breakdownHeading.current?.focus();
    }
  }, [chosen]);
  const open = (row: SessionReportRow) => {
    focusBreakdown.current = true;
    update({ session: row.id, level: 'Region', region: '', zone: '' });
  };

  return (
    <ReportPageLayout heading={t('sessionsReport.title')}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <SelectField
          id="sessions-report-event"
          label={t('sessionsReport.event')}
          inline
          size="sm"
          controlStyle={{ width: 'auto', maxWidth: '100%' }}
          value={event}
          // One change of the URL: the event, and no breakdown of the other event's session.
          onChange={(next) => update({ event: next, session: null, level: 'Region', region: '', zone: '' })}
          options={EVENTS.map((id) => ({ value: id, label: t(`sessionsReport.event.${id}`) }))}
        />
        <Button variant="outline-secondary" size="sm" onClick={() => void navigate(reportingPaths.menu())}>
          {t('sessionsReport.back')}
        </Button>
      </div>
      {fill.data && (
        <>
          <p className="small text-body-secondary">{t('sessionsReport.scopeNote', { timeZone: timeZone.replace(/_/g, ' ') })}</p>
          {rows.length > 0 && (
            <p aria-live="polite" data-testid="sessions-summary">
              {t('sessionsReport.summary', { sessions: rows.length, enrolled: number(totals.enrolled), waitlisted: number(totals.waitlisted), attended: number(totals.attended) })}
            </p>
          )}
        </>
      )}
      <QueryState query={fill}>
        <ExcelReportTable
          label={t('sessionsReport.fill.label', { event })}
          columns={columns}
          rows={rows}
          rowKey={(row) => String(row.id)}
          rowClassName={(row) => (row.id === session ? 'table-active' : undefined)}
          emptyText={t('sessionsReport.none')}
          footerRows={footer}
          exportControl={<ExportButton download={(signal) => downloadSessionFill(event, signal)} disabled={rows.length === 0} />}
          renderCell={(column, row, text) =>
            column.key === 'title' ? (
              <Button variant="link" size="sm" className="p-0 text-start" aria-label={t('sessionsReport.showBreakdown', { title: row.title })} aria-pressed={row.id === session} onClick={() => open(row)}>
                {text}
              </Button>
            ) : (
              text
            )
          }
        />
      </QueryState>
      {chosen && (
        <Breakdown
          key={chosen.id}
          session={chosen}
          when={t('sessionsReport.breakdown.when', { startsAt: startsAt(chosen.startsAt), room: chosen.room })}
          level={level}
          area={area}
          update={update}
          headingRef={breakdownHeading}
        />
      )}
    </ReportPageLayout>
  );
}

interface BreakdownProps {
  session: SessionReportRow;
  when: string;
  level: SessionReportLevel;
  area: SessionArea;
  update: ReturnType<typeof useBreakdownParams>['update'];
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** One session's enrolled and attended people by region, zone or district, inside the scope. */
function Breakdown({ session, when, level, area, update, headingRef }: BreakdownProps) {
  const t = useT();
  const fmt = useFormat();
  const query = useSessionByArea(session.id, level, area);
  const rows = query.data?.rows ?? [];
  const next = NEXT[level];
  const ratio = (part: number, whole: number) => (whole > 0 ? fmt.percent(part / whole) : '–');
  const enrolled = rows.reduce((sum, r) => sum + r.enrolled, 0);
  const attended = rows.reduce((sum, r) => sum + r.attended, 0);
  const columns: readonly ReportColumn<SessionHierarchyRow>[] = [
    { key: 'code', header: t(`sessionsReport.col.${level}`), value: (r) => r.code, wrap: 'nowrap' },
    { key: 'enrolled', header: t('sessionsReport.col.enrolled'), value: (r) => fmt.number(r.enrolled), format: 'number' },
    { key: 'attended', header: t('sessionsReport.col.attended'), value: (r) => fmt.number(r.attended), format: 'number' },
    { key: 'pctAttended', header: t('sessionsReport.col.pctAttended'), value: (r) => ratio(r.attended, r.enrolled), format: 'number' },
  ];
  const drill = (row: SessionHierarchyRow) => {
    if (!next) return;
    update(level === 'Region' ? { level: next, region: row.code, zone: '' } : { level: next, zone: row.code });
  };
  const narrowed = area.zone ? t('sessionsReport.breakdown.inZone', { code: area.zone }) : area.region ? t('sessionsReport.breakdown.inRegion', { code: area.region }) : null;

  return (
    <section className="mt-4" aria-labelledby="session-breakdown-heading" data-testid="session-breakdown">
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div>
          <h3 id="session-breakdown-heading" className="h5 mb-1" tabIndex={-1} ref={headingRef}>
            {t('sessionsReport.breakdown.heading', { title: session.title, level })}
          </h3>
          <p className="small text-body-secondary mb-2">
            {when}
            {narrowed && ` · ${narrowed}`}
          </p>
        </div>
        <Button variant="outline-secondary" size="sm" onClick={() => update({ session: null, level: 'Region', region: '', zone: '' })}>
          {t('sessionsReport.breakdown.close')}
        </Button>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <SelectField
          id="session-breakdown-level"
          label={t('sessionsReport.breakdown.level')}
          inline
          size="sm"
          controlStyle={{ width: 'auto' }}
          value={level}
          onChange={(next) => update({ level: next })}
          options={LEVELS.map((l) => ({ value: l, label: t(`sessionsReport.col.${l}`) }))}
        />
        {narrowed && (
          <Button size="sm" variant="outline-secondary" onClick={() => update({ region: '', zone: '' })}>
            {t('sessionsReport.breakdown.showAll')}
          </Button>
        )}
      </div>
      <QueryState query={query}>
        <ExcelReportTable
          label={t('sessionsReport.breakdown.label', { title: session.title, level })}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.code}
          isFetching={query.isPlaceholderData}
          emptyText={t('sessionsReport.breakdown.none')}
          footerRows={[[t('sessionsReport.total'), fmt.number(enrolled), fmt.number(attended), ratio(attended, enrolled)]]}
          exportControl={<ExportButton download={(signal) => downloadSessionByArea(session.id, level, area, signal)} disabled={rows.length === 0} />}
          renderCell={(column, row, text) => {
            if (column.key !== 'code') return text;
            const label = (
              <>
                {row.name} <span className="cell-code">{row.code}</span>
              </>
            );
            return next ? (
              <Button variant="link" size="sm" className="p-0 text-start" onClick={() => drill(row)} aria-label={t('sessionsReport.breakdown.drill', { name: row.name, code: row.code, level: next })}>
                {label}
              </Button>
            ) : (
              label
            );
          }}
        />
      </QueryState>
    </section>
  );
}

/** A query's first load (a spinner) and its failure (the reason, with Retry), in the report's words; the table once answered. */
function QueryState({ query, children }: { query: Query; children: ReactNode }) {
  const t = useT();
  if (query.isPending && !query.error) {
    return (
      <div role="status" className="py-3">
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        {t('sessionsReport.loading')}
      </div>
    );
  }
  if (query.error) {
    // A 403 names what the reader may not see (an area outside their scope); anything else may pass on a retry.
    const reason = query.error instanceof ApiError && query.error.status === 403 ? query.error.message : t('sessionsReport.error');
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
        <span>{reason}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
          {t('sessionsReport.retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}

function ExportButton({ download, disabled }: { download: (signal: AbortSignal) => ReturnType<typeof downloadSessionFill>; disabled: boolean }) {
  const t = useT();
  if (disabled) {
    return (
      <Button variant="success" size="sm" disabled>
        {t('sessionsReport.export')}
      </Button>
    );
  }
  return <ServerFileButton label={t('sessionsReport.export')} busyLabel={t('sessionsReport.exporting')} variant="success" download={download} />;
}

export default inMessagesArea(sessionsReportArea, SessionsReportPage);
