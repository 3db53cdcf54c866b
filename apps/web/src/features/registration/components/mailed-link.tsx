/**
 * The page opened from the portal rather than from the attendee's mailbox: the badge, and giving
 * up or claiming a place, come through a link mailed to the attendee's own address
 * (docs/security.md). These pieces say so, and where the link went (masked: j***@m***.com).
 */
import type { RegistrationPage } from '@portal/contracts';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMailRegistrationLink } from '../api/mail-link.ts';

/** The server's 403 on cancel, claim or decline: a link was mailed instead. */
export function isMailedLinkRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

/** "We mailed you a link to j***@…": shown in place of the step that needs it. */
export function MailedLinkNotice({ message }: { message: string }) {
  return (
    <p className="alert alert-info mt-3" role="status" data-testid="mailed-link-notice">
      {message}
    </p>
  );
}

/** Where the badge would be on a page the mailbox never saw: a button that mails the link to it. */
export function BadgeByMail({ token, registration }: { token: string; registration: RegistrationPage }) {
  const t = useT();
  const mutation = useMailRegistrationLink(token);
  if (registration.status !== 'Enrolled' || registration.badge || registration.linkMailed !== false) return null;
  return (
    <section aria-labelledby="badge-by-mail-title" className="border rounded p-3 my-4">
      <h2 id="badge-by-mail-title" className="h4">
        {t('registration.badge.title')}
      </h2>
      <p>{t('registration.badge.byMail')}</p>
      {mutation.isSuccess ? (
        <MailedLinkNotice message={t('registration.badge.mailed', { to: mutation.data.sentTo })} />
      ) : (
        <button type="button" className="btn btn-outline-primary" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {t('registration.badge.mailMe')}
        </button>
      )}
      {mutation.isError && <p className="text-danger mt-2 mb-0">{mutation.error instanceof ApiError ? mutation.error.message : t('registration.badge.mailFailed')}</p>}
    </section>
  );
}
