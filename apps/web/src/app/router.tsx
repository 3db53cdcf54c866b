/**
 * The route table (docs/design/web-rules.md, section 2). Every page is its own lazily loaded chunk (120 s time-out);
 * protected pages sit under RequireLogin, the nbc pages inside the shell.
 */
import { Suspense, useEffect } from 'react';
import { firstPaintLanguage, firstPaintPath, releaseFirstPaint } from '../lib/first-paint.ts';
import { useLanguage } from '../i18n/language.ts';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { ChunkErrorBoundary, lazyPage, type LazyPage } from './lazy-page.tsx';
import { paths } from '../config/paths.ts';
import { RequireLogin } from './require-login.tsx';

const LandingPage = lazyPage(() => import('./routes/landing.tsx'));
const NbcLoginPage = lazyPage(() => import('./routes/nbc-login.tsx'));
const AbcPage = lazyPage(() => import('./routes/abc.tsx'));
const ReportLoginPage = lazyPage(() => import('./routes/report-login.tsx'));
const ShellLayout = lazyPage(() => import('./routes/shell-layout.tsx'));
const WelcomePage = lazyPage(() => import('./routes/welcome.tsx'));
const EnrollmentPage = lazyPage(() => import('../features/enrollment/pages/enrollment-page.tsx'));
const RetailerReportPage = lazyPage(() => import('../features/retailer-report/pages/retailer-report-page.tsx'));
const ReportingRoutes = lazyPage(() => import('../features/reporting/reporting-routes.tsx'));
const SessionsPage = lazyPage(() => import('../features/sessions/pages/sessions-page.tsx'));
const RegistrationPage = lazyPage(() => import('./routes/register.tsx'));
// The organizer console: its own chunk, never part of an attendee page's load.
const AdminPage = lazyPage(() => import('./routes/admin.tsx'));
const CompanySignInPage = lazyPage(() => import('./routes/company-sign-in.tsx'));

/** Pages inside the shell, by path prefix: their chunk starts loading together with the shell's. */
const SHELL_PAGES: readonly (readonly [string, LazyPage])[] = [
  [paths.welcome, WelcomePage],
  [paths.enrollment, EnrollmentPage],
  [paths.dashboard, RetailerReportPage],
  [paths.reporting.root, ReportingRoutes],
  [paths.sessions, SessionsPage],
  [paths.abcSessions, SessionsPage],
];

function usePreloadShellPage(pathname: string): void {
  useEffect(() => {
    const lower = pathname.toLowerCase();
    const page = SHELL_PAGES.find(([prefix]) => lower === prefix.toLowerCase() || lower.startsWith(`${prefix.toLowerCase()}/`));
    if (page) {
      void ShellLayout.preload().catch(() => undefined);
      void page[1].preload().catch(() => undefined);
    }
  }, [pathname]);
}

/**
 * The server's first paint belongs to the path and the language it came with: another path (a
 * redirect) or another language (a choice the server did not know, or a switch) drops it.
 */
function useFirstPaintForPath(pathname: string, language: string): void {
  useEffect(() => {
    const path = firstPaintPath();
    const drawnIn = firstPaintLanguage();
    if (path !== null && path !== (pathname.replace(/\/+$/, '') || '/').toLowerCase()) releaseFirstPaint();
    else if (drawnIn !== null && drawnIn !== language) releaseFirstPaint();
  }, [pathname, language]);
}

export function AppRoutes() {
  const { pathname } = useLocation();
  usePreloadShellPage(pathname);
  useFirstPaintForPath(pathname, useLanguage());
  return (
    <ChunkErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path={paths.landing} element={<LandingPage />} />
          <Route path={paths.nbcLogin} element={<NbcLoginPage />} />
          <Route path={paths.abcLogin} element={<AbcPage />} />
          <Route path={paths.reportLogin} element={<ReportLoginPage />} />
          <Route path={paths.register.pattern} element={<RegistrationPage />} />
          <Route path={`${paths.admin}/*`} element={<AdminPage />} />
          <Route path={paths.companySignIn} element={<CompanySignInPage />} />
          <Route element={<RequireLogin />}>
            <Route element={<ShellLayout />}>
              <Route path={paths.welcome} element={<WelcomePage />} />
              <Route path={paths.enrollment} element={<EnrollmentPage />} />
              <Route path={paths.dashboard} element={<RetailerReportPage />} />
              <Route path={paths.sessions} element={<SessionsPage />} />
              <Route path={paths.abcSessions} element={<SessionsPage />} />
              <Route path={`${paths.reporting.root}/*`} element={<ReportingRoutes />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to={paths.landing} replace />} />
        </Routes>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
