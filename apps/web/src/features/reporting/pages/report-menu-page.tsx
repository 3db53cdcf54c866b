import Alert from 'react-bootstrap/Alert';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useReportTypes } from '../api/get-report-types.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { useReportUser } from '../hooks/use-report-user.ts';
import { menuEntries } from '../report-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';

export const MENU_FALLBACK_HEADING = 'Enrollment Reports';

/** The report menu: level 0, so no breadcrumb and no Back. */
export function ReportMenuPage() {
  const { policies } = useReportUser();
  const { content, isPending, error } = useReportTypes();
  const entries = menuEntries(content.names, policies);

  return (
    <ReportPageLayout heading={content.title || MENU_FALLBACK_HEADING}>
      {isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading reports" />
      ) : error ? (
        <Alert variant="danger">The report list could not be loaded. Please try again.</Alert>
      ) : entries.length === 0 ? (
        <p>No reports are available.</p>
      ) : (
        <ListGroup as="ul" className="report-menu" style={{ maxWidth: '32rem' }}>
          {entries.map((entry) => (
            <ListGroup.Item as="li" key={entry.id}>
              <Link to={reportingPaths.report(entry.slug)}>{entry.name}</Link>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </ReportPageLayout>
  );
}
