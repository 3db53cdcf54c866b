/**
 * "Your sessions" on an Enrolled registration's page (docs/sessions.md): the same program as the
 * event's sessions page, through the registration link (`/api/Registration/{token}/Sessions`).
 * A lazy chunk: only an Enrolled registration's page shows it.
 */
import { SESSIONS_PATHS } from '@portal/contracts';
import { SessionProgram } from '../../../components/sessions/session-program.tsx';
import { useT } from '../../../i18n/use-t.ts';

export default function RegistrationSessions({ token }: { token: string }) {
  const t = useT();
  return (
    <section aria-labelledby="your-sessions-heading" className="mt-4 registration-sessions">
      <h2 id="your-sessions-heading" className="h4">
        {t('registration.sessions.title')}
      </h2>
      <SessionProgram base={SESSIONS_PATHS.registrationSessions.replace('{token}', encodeURIComponent(token))} headingLevel={3} />
    </section>
  );
}
