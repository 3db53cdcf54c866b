import { Suspense } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { MessagesArea, useT } from '../../../i18n/index.ts';
import { SESSIONS_REPORT_PATH, sessionsReportArea } from '../sessions-report-area.ts';

/**
 * The report menu's link to the sessions report, in the report's own words (its catalog part; a
 * French reader's part may still be on its way, so the entry waits on its own, not the menu).
 */
export function SessionsReportMenuEntry() {
  return (
    <Suspense fallback={null}>
      <MessagesArea area={sessionsReportArea}>
        <Entry />
      </MessagesArea>
    </Suspense>
  );
}

function Entry() {
  const t = useT();
  return (
    <section className="mt-4" aria-labelledby="sessions-reports-heading">
      <h3 id="sessions-reports-heading" className="h6 text-uppercase">
        {t('sessionsReport.menu.heading')}
      </h3>
      <ListGroup as="ul" className="report-menu mb-3" style={{ maxWidth: '32rem' }} aria-labelledby="sessions-reports-heading">
        <ListGroup.Item as="li">
          <Link to={SESSIONS_REPORT_PATH}>{t('sessionsReport.menu.link')}</Link>
          <div className="small text-body-secondary">{t('sessionsReport.menu.description')}</div>
        </ListGroup.Item>
      </ListGroup>
    </section>
  );
}
