import { ReportLoginPage } from '../../features/auth/components/report-login-page.tsx';
import { PageFooter } from '../../features/shell/components/app-footer.tsx';

/** The report login, with the footer every page but the landing and event logins has (docs/design/web-rules.md, section 2). */
export default function ReportLoginRoute() {
  return (
    <div className="page-with-footer d-flex flex-column min-vh-100">
      <ReportLoginPage />
      <PageFooter eventType="nbc" />
    </div>
  );
}
