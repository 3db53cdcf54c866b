/**
 * The organizer console below `/admin`: its own sign-in and session, then the pages in the console's
 * frame. Loaded as one lazy chunk; nothing here reaches the attendee pages' first load.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import './admin.css';
import { adminPaths } from './admin-paths.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { AdminLoginPage } from './pages/admin-login-page.tsx';
import { ChangePasswordPage } from './pages/change-password-page.tsx';
import { AccessCodesPage } from './pages/access-codes-page.tsx';
import { AccountPage } from './pages/account-page.tsx';
import { AuditPage } from './pages/audit-page.tsx';
import { EventDaysPage } from './pages/event-days-page.tsx';
import { EventsPage } from './pages/events-page.tsx';
import { ImportPage } from './pages/import-page.tsx';
import { OrganizersPage } from './pages/organizers-page.tsx';
import { OutboxPage } from './pages/outbox-page.tsx';
import { PeoplePage } from './pages/people-page.tsx';
import { RegistrationDetailPage } from './pages/registration-detail-page.tsx';
import { RegistrationsPage } from './pages/registrations-page.tsx';
import { WebhooksPage } from './pages/webhooks-page.tsx';
import { useAdminSession } from './utils/admin-session.ts';

const rel = (path: string) => path.slice(adminPaths.root.length + 1);

/** The waiting lists (docs/waiting-lists.md): a chunk of its own. */
const WaitlistsPage = lazy(() => import('./pages/waitlists-page.tsx'));
const SessionsPage = lazy(() => import('./pages/sessions-page.tsx'));
/** Registration questions and their exports (docs/questions.md). */
const QuestionsPage = lazy(() => import('./pages/questions-page.tsx'));

/** A page of its own chunk, with a loading line while the chunk arrives. */
const whenLoaded = (page: ReactNode) => <Suspense fallback={<p role="status">Loading…</p>}>{page}</Suspense>;

export function AdminRoutes() {
  const session = useAdminSession();
  if (!session) return <AdminLoginPage />;
  if (session.mustChangePassword) return <ChangePasswordPage />;
  return (
    <Routes>
      <Route element={<AdminLayout email={session.email} />}>
        <Route index element={<Navigate to={adminPaths.registrations} replace />} />
        <Route path={rel(adminPaths.registrations)} element={<RegistrationsPage />} />
        <Route path={`${rel(adminPaths.registrations)}/:id`} element={<RegistrationDetailPage />} />
        <Route path={rel(adminPaths.accessCodes)} element={<AccessCodesPage />} />
        <Route path={rel(adminPaths.events)} element={<EventsPage />} />
        <Route path={rel(adminPaths.eventDays)} element={<EventDaysPage />} />
        <Route path={rel(adminPaths.people)} element={<PeoplePage />} />
        <Route path={rel(adminPaths.import)} element={<ImportPage />} />
        <Route path={rel(adminPaths.outbox)} element={<OutboxPage />} />
        <Route path={rel(adminPaths.webhooks)} element={<WebhooksPage />} />
        <Route path={rel(adminPaths.waitlists)} element={whenLoaded(<WaitlistsPage />)} />
        <Route path={rel(adminPaths.questions)} element={whenLoaded(<QuestionsPage />)} />
        <Route path={rel(adminPaths.sessions)} element={whenLoaded(<SessionsPage />)} />
        <Route path={rel(adminPaths.audit)} element={<AuditPage />} />
        <Route path={rel(adminPaths.organizers)} element={<OrganizersPage />} />
        <Route path={rel(adminPaths.account)} element={<AccountPage />} />
        <Route path="*" element={<Navigate to={adminPaths.registrations} replace />} />
      </Route>
    </Routes>
  );
}
