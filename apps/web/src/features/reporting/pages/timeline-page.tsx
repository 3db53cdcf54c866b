import { lazy, Suspense } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTimeline } from '../api/get-timeline.ts';
import { EventSelect } from '../components/event-select.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { queryStateProps } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from '../components/excel-report-table.tsx';
import { useInsightEvent } from '../hooks/use-insight-event.ts';
import { insightName } from '../insight-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { timelineColumns } from '../utils/insight-columns.ts';
import '../components/insights.css';
import { useT } from '../../../i18n/use-t.ts';

// The chart library loads only when a timeline is shown: no other page pays for it.
const TimelineChart = lazy(() => import('../components/timeline-chart.tsx'));

/** Registrations per day and enrolled over time within the caller's scope: a chart, and the same numbers as a table. */
export function TimelinePage() {
  const t = useT();
  const name = t(insightName('timeline'));
  const [event, setEvent] = useInsightEvent();
  const query = useTimeline(event);
  const days = query.data?.days ?? [];
  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <EventSelect value={event} onChange={setEvent} />
      </div>
      {days.length > 0 && (
        <figure className="timeline-figure mb-4">
          <Suspense
            fallback={
              <div className="timeline-chart-placeholder d-flex align-items-center justify-content-center">
                <Spinner animation="border" size="sm" role="status" aria-label={t('reporting.timeline.chartLoading')} />
              </div>
            }
          >
            <TimelineChart days={days} event={event} />
          </Suspense>
          <figcaption className="small text-body-secondary mt-1">
            {t('reporting.timeline.caption')}
          </figcaption>
        </figure>
      )}
      <ExcelReportTable
        label={t('reporting.timeline.tableLabel', { name, event })}
        columns={timelineColumns(t)}
        rows={days}
        rowKey={(day) => day.date}
        exportFileName={t('reporting.timeline.fileName', { name, event })}
        exportSheetName={t('reporting.export.sheet.timeline')}
        {...queryStateProps(query)}
      />
    </ReportPageLayout>
  );
}
