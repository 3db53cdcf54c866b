import { ReportLoginPage } from '../../features/auth/pages/report-login-page.tsx';
import { PageFooter } from '../../features/shell/components/app-footer.tsx';
import { reportLoginMessages } from '../../features/auth/report-login-messages.ts';
import { MessagesArea } from '../../i18n/area.tsx';

/** The report login (its messages' part loaded first, under the router's Suspense), with the footer every page but the landing and event logins has (docs/design/web-rules.md, section 2). */
export default function ReportLoginRoute() {
  return (
    <MessagesArea area={reportLoginMessages}>
      <div className="page-with-footer d-flex flex-column min-vh-100">
        <ReportLoginPage />
        <PageFooter eventType="nbc" />
      </div>
    </MessagesArea>
  );
}
