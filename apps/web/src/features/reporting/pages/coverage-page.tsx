import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { coverageExportFileName, INSIGHT_PAGE_DEFAULT } from '@portal/contracts/insight-rules';
import { notify } from '../../../lib/toast.ts';
import { downloadReportFile } from '../api/download-hierarchy-workbook.ts';
import { useCoverage } from '../api/get-coverage.ts';
import { useRemindCoverage } from '../api/remind-coverage.ts';
import { EventSelect } from '../components/event-select.tsx';
import { ExcelExportButton, HierarchyWorkbookButton } from '../components/hierarchy-workbook-button.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { queryStateProps } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from '../components/excel-report-table.tsx';
import { useInsightEvent } from '../hooks/use-insight-event.ts';
import { insightName } from '../insight-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { coverageColumns } from '../utils/insight-columns.ts';
import { useT } from '../../../i18n/use-t.ts';
import { Strong } from '../components/strong.tsx';

/** Coverage gaps of the caller's scope: stores without an enrolled attendee, with reminders to their managers. */
export function CoveragePage() {
  const t = useT();
  const name = t(insightName('coverage'));
  const columns = useMemo(() => coverageColumns(t), [t]);
  const [event, setEvent] = useInsightEvent();
  // The page is per event: another event starts on its first page.
  const [paging, setPaging] = useState({ event, offset: 0 });
  const offset = paging.event === event ? paging.offset : 0;
  const limit = INSIGHT_PAGE_DEFAULT;
  const query = useCoverage(event, { offset, limit });
  const remind = useRemindCoverage(event);
  // While another event's first page loads, the previous event's answer is not shown as this one's.
  const data = query.isPlaceholderData && paging.event !== event ? undefined : query.data;
  const rows = data?.rows ?? [];
  // Over all gaps of the scope, not only this page: "remind" without stores mails them all.
  const toRemind = data?.managersNotEnrolled ?? 0;

  const send = (dlrnums?: string[]) =>
    remind.mutate(dlrnums, {
      onSuccess: (result) => void notify.success(result.message),
      onError: (error) => void notify.error(error.message || t('reporting.coverage.remindFailed')),
    });

  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <EventSelect value={event} onChange={setEvent} />
        <HierarchyWorkbookButton event={event} />
      </div>
      {data && (
        <p>
          <FormattedMessage id="reporting.coverage.summary" values={{ stores: data.total, managers: toRemind, b: Strong }} />
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
          {remind.error.message || t('reporting.coverage.remindFailed')}
        </Alert>
      )}
      <ExcelReportTable
        label={t('reporting.coverage.tableLabel', { name, event })}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.dlrnum}
        {...queryStateProps(query)}
        isLoading={query.isPending || !data}
        emptyText={t('reporting.coverage.empty')}
        exportControl={<ExcelExportButton download={(signal) => downloadReportFile('/api/Report/Coverage/Export', { event }, coverageExportFileName(event), signal)} />}
        paging={
          data && {
            label: t('reporting.pager.label', { name }),
            total: data.total,
            offset: data.offset,
            limit: data.limit,
            busy: query.isPlaceholderData,
            onChange: (next) => setPaging({ event, offset: next }),
          }
        }
        toolbar={
          <Button variant="primary" size="sm" disabled={!toRemind || remind.isPending} onClick={() => send()}>
            {remind.isPending ? t('reporting.coverage.sending') : t('reporting.coverage.remindAll', { count: toRemind })}
          </Button>
        }
        renderCell={(column, row, text) =>
          column.key === 'toRemind' && row.managers.some((m) => !m.enrolled) ? (
            <Button
              variant="link"
              size="sm"
              className="p-0"
              disabled={remind.isPending}
              aria-label={t('reporting.coverage.remindStore', { store: row.dlrnum })}
              onClick={() => send([row.dlrnum])}
            >
              {t('reporting.coverage.remindCell', { count: text })}
            </Button>
          ) : (
            text
          )
        }
      />
    </ReportPageLayout>
  );
}
