import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { CoverageRow } from '@portal/contracts';
import { notify } from '../../../lib/toast.ts';
import { useCoverage } from '../api/get-coverage.ts';
import { useRemindCoverage } from '../api/remind-coverage.ts';
import { EventSelect } from '../components/event-select.tsx';
import { HierarchyWorkbookButton } from '../components/hierarchy-workbook-button.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { useInsightEvent } from '../hooks/use-insight-event.ts';
import { INSIGHT_NAMES } from '../insight-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { coverageColumns } from '../utils/insight-columns.ts';

const managersToRemind = (rows: readonly CoverageRow[]) =>
  new Set(rows.flatMap((r) => r.managers.filter((m) => !m.enrolled).map((m) => m.email.toLowerCase()))).size;

/** Coverage gaps of the caller's scope: stores without an enrolled attendee, with reminders to their managers. */
export function CoveragePage() {
  const name = INSIGHT_NAMES.coverage;
  const [event, setEvent] = useInsightEvent();
  const query = useCoverage(event);
  const remind = useRemindCoverage(event);
  const rows = query.data?.rows ?? [];
  const toRemind = managersToRemind(rows);

  const send = (dlrnums?: string[]) =>
    remind.mutate(dlrnums, {
      onSuccess: (result) => void notify.success(result.message),
      onError: (error) => void notify.error(error.message || 'The reminders could not be queued.'),
    });

  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <EventSelect value={event} onChange={setEvent} />
        <HierarchyWorkbookButton event={event} />
      </div>
      {query.data && (
        <p>
          <strong>{query.data.total.toLocaleString('en-US')}</strong> store{query.data.total === 1 ? '' : 's'} without an enrolled attendee;{' '}
          <strong>{toRemind.toLocaleString('en-US')}</strong> manager{toRemind === 1 ? '' : 's'} not enrolled. A manager gets at most one
          reminder a week.
        </p>
      )}
      <div role="status" aria-live="polite">
        {remind.isSuccess && (
          <Alert variant="success" className="py-2">
            {remind.data.message}
          </Alert>
        )}
      </div>
      {remind.isError && (
        <Alert variant="danger" className="py-2">
          {remind.error.message || 'The reminders could not be queued.'}
        </Alert>
      )}
      <ReportTable
        label={`${name} (${event})`}
        columns={coverageColumns}
        rows={rows}
        rowKey={(row) => row.dlrnum}
        exportFileName={`${name} ${event}`}
        exportSheetName="Coverage"
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        toolbar={
          <Button variant="primary" size="sm" disabled={!toRemind || remind.isPending} onClick={() => send()}>
            {remind.isPending ? 'Sending reminders…' : `Remind ${toRemind.toLocaleString('en-US')} manager${toRemind === 1 ? '' : 's'}`}
          </Button>
        }
        renderCell={(column, row, text) =>
          column.key === 'toRemind' && row.managers.some((m) => !m.enrolled) ? (
            <Button
              variant="link"
              size="sm"
              className="p-0"
              disabled={remind.isPending}
              aria-label={`Remind the managers of store ${row.dlrnum}`}
              onClick={() => send([row.dlrnum])}
            >
              Remind {text}
            </Button>
          ) : (
            text
          )
        }
      />
    </ReportPageLayout>
  );
}
