/**
 * `/companySignIn#code=...&target=admin|reports|event[&event=nbc|abc]`: where the server sends the browser after the
 * identity provider signed the person in. The one-time code is in the fragment (it never reaches a
 * server log); the page removes it from the address bar at once, trades it once with
 * `POST /auth/oidc/session` (the server also needs the HttpOnly cookie it gave this browser), stores
 * the session as the password and access-code sign-ins do and opens the console, the reports (the
 * drill-down for field and corporate staff) or the event.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminLoginData, EventType, LoginData } from '@portal/contracts';
import { setAdminSession } from '../../features/admin/utils/admin-session.ts';
import { sendRequest } from '../../lib/api-client.ts';
import { setUserDetail } from '../../lib/user-storage.ts';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { paths } from '../../config/paths.ts';
import { useT } from '../../i18n/use-t.ts';

type Traded = ({ target: 'admin' } & AdminLoginData) | ({ target: 'reports' | 'event' } & LoginData);
type Target = { target: 'admin' } | { target: 'reports' } | { target: 'event'; event: EventType };

/** The code and target of the fragment; null when it holds none (a reload, a bookmark). */
export function readHandover(hash: string): ({ code: string } & Target) | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('code');
  const target = params.get('target');
  const event = params.get('event');
  if (!code || !/^[A-Za-z0-9_-]{20,100}$/.test(code)) return null;
  if (target === 'admin' || target === 'reports') return { code, target };
  if (target === 'event' && (event === 'nbc' || event === 'abc')) return { code, target, event };
  return null;
}

/** The page to go back to when the trade fails. */
function backOf(target: Target | null): { href: string; target: Target['target'] } {
  if (target?.target === 'admin') return { href: paths.admin, target: 'admin' };
  if (target?.target === 'event') return { href: target.event === 'abc' ? paths.abcLogin : paths.nbcLogin, target: 'event' };
  return { href: paths.reportLogin, target: 'reports' };
}

export default function CompanySignInPage() {
  const navigate = useNavigate();
  const t = useT();
  // Read once, on the first render: the code then leaves the address bar (and the history).
  const [handover] = useState(() => readHandover(window.location.hash));
  const [failed, setFailed] = useState<{ target: Target | null } | null>(handover ? null : { target: null });
  const started = useRef(false);

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    if (started.current || !handover) return;
    started.current = true;
    // Sent without the shared 401 handling: a used or expired code (401) is this page's message, not
    // a lost session that sends the browser to the landing page.
    void sendRequest('/auth/oidc/session', { method: 'POST', body: { code: handover.code } })
      .then(({ ok, envelope }) => {
        const data = ok && envelope?.succeeded ? (envelope.data as Traded | null) : null;
        if (!data?.accessToken) throw new Error('no session');
        if (data.target === 'admin') {
          setAdminSession({ accessToken: data.accessToken, email: data.organizer.email, expiresAt: data.expiresAt, mustChangePassword: false });
          void navigate(paths.admin, { replace: true });
        } else {
          const { target: _target, ...login } = data;
          setUserDetail({ succeeded: true, message: null, data: login });
          const reportReader = login.authorizationPolicy.some((p) => p === 'field' || p === 'corporate');
          if (data.target === 'event') void navigate(login.eventType === 'abc' ? paths.abcLogin : paths.welcome, { replace: true, ...(login.eventType === 'abc' ? { state: { view: 'event' } } : {}) });
          // Field and corporate staff read the drill-down; the retailer report is the reporting policy's page.
          else void navigate(reportReader ? paths.reporting.root : paths.dashboard, { replace: true });
        }
      })
      .catch(() => setFailed({ target: handover }));
  }, [navigate, handover]);

  if (!failed) return <PageLoading />;
  const back = backOf(failed.target);
  return (
    <main className="container py-5" id="main">
      <div className="card mx-auto shadow-sm admin-login-card">
        <div className="card-body p-4">
          <h1 className="h4">{t('companySignIn.failed.title')}</h1>
          <p role="alert">{t('companySignIn.failed.body')}</p>
          <a href={back.href}>{t('companySignIn.back', { target: back.target })}</a>
        </div>
      </div>
    </main>
  );
}
