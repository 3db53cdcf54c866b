/**
 * `POST /api/Registration/{token}/MailLink`: a page opened from the portal (not from the
 * attendee's mailbox) shows no badge; this mails the attendee a link to the page that does.
 */
import { useMutation } from '@tanstack/react-query';
import type { MailedLink } from '@portal/contracts';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { pageText } from '../../../i18n/page-text.ts';

export async function mailRegistrationLink(token: string): Promise<MailedLink> {
  const envelope = await apiPost<MailedLink>(`/api/Registration/${encodeURIComponent(token)}/MailLink`, {});
  if (!envelope.succeeded || !envelope.data) throw new ApiError(200, envelope.message ?? pageText('api.linkMailFailed'), envelope);
  return envelope.data;
}

export function useMailRegistrationLink(token: string) {
  return useMutation({ mutationFn: () => mailRegistrationLink(token) });
}
