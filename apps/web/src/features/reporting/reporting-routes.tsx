/**
 * Everything under /nbc/reporting (docs/design/web-rules.md, section 2). The routes exist only for `field` or `corporate`;
 * corporate adds the corporate, distributor, SBR and traveller reports. Any other path goes to `/`.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { MessagesArea } from '../../i18n/area.tsx';
import { reportingMessages } from './messages.ts';
import { ScopeGate } from './components/scope-gate.tsx';
import { useReportUser } from './hooks/use-report-user.ts';
import { AttendeeReportPage } from './pages/attendee-report-page.tsx';
import { FieldReportPage } from './pages/field-report-page.tsx';
import { HierarchyReportPage } from './pages/hierarchy-report-page.tsx';
import { ReportMenuPage } from './pages/report-menu-page.tsx';
import { StoreDetailPage } from './pages/store-detail-page.tsx';
import { TravellerReportPage } from './pages/traveller-report-page.tsx';
import { CoveragePage } from './pages/coverage-page.tsx';
import { EventComparisonPage } from './pages/event-comparison-page.tsx';
import { TimelinePage } from './pages/timeline-page.tsx';
import { ArrivalsPage } from './pages/arrivals-page.tsx';
import { canUseInsights } from './insight-catalogue.ts';
import type { ReportSlug } from './report-catalogue.ts';
import { allowedReportSlugs, canUseReporting } from './report-catalogue.ts';

/** Session fill by region, zone and district: a chunk of its own, with its catalog part. */
const SessionsReportPage = lazy(() => import('./pages/sessions-report-page.tsx'));

const REPORT_ROUTES: Record<ReportSlug, readonly (readonly [path: string, element: ReactElement])[]> = {
  // The drill-down opens at the viewer's report scope (ScopeGate).
  region: [
    ['region', <ScopeGate level={1}><HierarchyReportPage level={1} /></ScopeGate>],
    ['region/:region/zone', <ScopeGate level={2}><HierarchyReportPage level={2} /></ScopeGate>],
    ['region/:region/zone/:zone/district', <ScopeGate level={3}><HierarchyReportPage level={3} /></ScopeGate>],
    ['region/:region/zone/:zone/district/:district', <ScopeGate level={4}><StoreDetailPage /></ScopeGate>],
  ],
  candidate: [['candidate', <AttendeeReportPage kind="candidate" />]],
  field: [['field', <FieldReportPage />]],
  corporate: [['corporate', <AttendeeReportPage kind="corporate" />]],
  distributor: [['distributor', <AttendeeReportPage kind="distributor" />]],
  sbr: [['sbr', <AttendeeReportPage kind="sbr" />]],
  traveller: [['traveller', <TravellerReportPage />]],
};

export default function ReportingRoutes() {
  const { policies } = useReportUser();
  // Report users (policy `reporting`) reach the reports beyond the seed only; field and corporate all.
  if (!canUseReporting(policies) && !canUseInsights(policies)) return <Navigate to="/" replace />;
  return (
    <div className="reporting container-xl">
      {/* The shell stays while a French reader's reporting messages arrive. */}
      <Suspense fallback={<PageLoading />}>
        <MessagesArea area={reportingMessages}>
          <Routes>
            <Route index element={<ReportMenuPage />} />
            {allowedReportSlugs(policies).flatMap((slug) =>
              REPORT_ROUTES[slug].map(([path, element]) => <Route key={path} path={path} element={element} />),
            )}
            <Route path="coverage" element={<CoveragePage />} />
            <Route path="timeline" element={<TimelinePage />} />
            <Route path="comparison" element={<EventComparisonPage />} />
            <Route path="arrivals" element={<ArrivalsPage />} />
            <Route
              path="sessions"
              element={
                <Suspense fallback={<PageLoading />}>
                  <SessionsReportPage />
                </Suspense>
              }
            />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </MessagesArea>
      </Suspense>
    </div>
  );
}
