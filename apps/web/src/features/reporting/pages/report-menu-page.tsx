import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { StoreCounts } from '@portal/contracts';
import { useNetworkTotal } from '../api/get-enrollments.ts';
import { useReportTypes } from '../api/get-report-types.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { useReportUser } from '../hooks/use-report-user.ts';
import { menuEntries } from '../report-catalogue.ts';
import { HierarchyWorkbookButton } from '../components/hierarchy-workbook-button.tsx';
import { DigestToggle } from '../components/digest-toggle.tsx';
import { SessionsReportMenuEntry } from '../components/sessions-report-menu-entry.tsx';
import { INSIGHT_SLUGS, canUseInsights, insightDescription, insightName, insightPath } from '../insight-catalogue.ts';
import { useUserDetail } from '../../../lib/user-storage.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { formatCell } from '../../../components/ui/table/report-columns.ts';
import { useFormat, useT } from '../../../i18n/use-t.ts';

/** The report menu: level 0, so no breadcrumb and no Back. */
export function ReportMenuPage() {
  const { policies } = useReportUser();
  const { content, isPending, error } = useReportTypes();
  const t = useT();
  const entries = menuEntries(content.names, policies, t);
  const insights = canUseInsights(policies);
  const event = useUserDetail()?.data.eventType ?? 'nbc';
  // Entering the menu is level 0 of the drill-down: GetEnrollments?reportLevel=All (docs/design/web-rules.md) (every
  // body field empty) gives the network total above the region level.
  const storeReports = entries.some((entry) => entry.slug === 'region');
  const networkTotal = useNetworkTotal(storeReports);

  return (
    <ReportPageLayout heading={content.title || t('reporting.menu.heading')}>
      {storeReports && networkTotal.data && <NetworkTotal counts={networkTotal.data} />}
      {isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label={t('reporting.menu.loading')} />
      ) : error ? (
        <Alert variant="danger">{t('reporting.menu.failed')}</Alert>
      ) : entries.length === 0 ? (
        !insights && <p>{t('reporting.menu.none')}</p>
      ) : (
        <ListGroup as="ul" className="report-menu" style={{ maxWidth: '32rem' }} aria-label={t('reporting.menu.list')}>
          {entries.map((entry) => (
            <ListGroup.Item as="li" key={entry.id}>
              <Link to={reportingPaths.report(entry.slug)}>{entry.name}</Link>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {insights && (
        <section className="mt-4" aria-labelledby="more-reports-heading">
          <h3 id="more-reports-heading" className="h6 text-uppercase">
            {t('reporting.menu.insights')}
          </h3>
          <ListGroup as="ul" className="report-menu mb-3" style={{ maxWidth: '32rem' }} aria-labelledby="more-reports-heading">
            {INSIGHT_SLUGS.map((slug) => (
              <ListGroup.Item as="li" key={slug}>
                <Link to={insightPath(slug)}>{t(insightName(slug))}</Link>
                <div className="small text-body-secondary">{t(insightDescription(slug))}</div>
              </ListGroup.Item>
            ))}
          </ListGroup>
          <HierarchyWorkbookButton event={event} />
          <DigestToggle />
        </section>
      )}
      {insights && <SessionsReportMenuEntry />}
    </ReportPageLayout>
  );
}

/** One figure of the All row: its name above its value. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col">
      <dt className="small fw-normal text-body-secondary">{label}</dt>
      <dd className="mb-0 fw-semibold">{children}</dd>
    </div>
  );
}

/** The All row: the same figures as the region table's Grand Total (docs/reports.md). */
function NetworkTotal({ counts }: { counts: StoreCounts }) {
  const t = useT();
  const { language } = useFormat();
  const n = (value: number) => formatCell(value, 'number', language);
  const pct = (value: number) => formatCell(value, 'percent', language);
  return (
    <section className="mb-4" aria-labelledby="network-total-heading">
      <h3 id="network-total-heading" className="h6 text-uppercase">
        {t('reporting.menu.allStores')}
      </h3>
      <dl className="row row-cols-auto g-3 mb-0" data-testid="network-total">
        <Figure label={t('reporting.network.totalStores')}>{n(counts.totDealer)}</Figure>
        <Figure label={t('reporting.column.storesEnrolled')}>
          {n(counts.enrollDealer)} ({pct(counts.pctEnrollDlr)})
        </Figure>
        <Figure label={t('reporting.column.storesToObjective')}>
          {n(counts.objreq)} ({pct(counts.fixPctObjReq)})
        </Figure>
        <Figure label={t('reporting.column.storesRemaining')}>{n(counts.objCount)}</Figure>
      </dl>
    </section>
  );
}
