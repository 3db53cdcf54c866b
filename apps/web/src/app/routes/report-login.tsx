import { ReportLoginPage } from '../../features/auth/components/report-login-page.tsx';

export default function ReportLoginRoute() {
  return <ReportLoginPage />;
}
