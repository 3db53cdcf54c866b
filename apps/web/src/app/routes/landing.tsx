import { LandingPage } from '../../features/auth/pages/landing-page.tsx';
import { PageFooter } from '../../features/shell/components/app-footer.tsx';

/** The landing page with the portal's footer (no Logout: nobody is signed in here, docs/design/web-rules.md). */
export default function LandingRoute() {
  return (
    <div className="page-with-footer d-flex flex-column min-vh-100">
      <LandingPage />
      <PageFooter eventType="nbc" showLogout={false} />
    </div>
  );
}
