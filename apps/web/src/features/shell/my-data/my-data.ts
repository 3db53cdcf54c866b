/**
 * The attendee's own data (docs/privacy.md), loaded only when a button in the footer is pressed:
 * `GET /api/Me/Data` and `POST /api/Me/ErasureRequest`. Both mail a link to the attendee's own
 * address (the download, the confirmation of the request) and answer where it went, masked.
 * The paths are spelled here rather than imported: a runtime import of @portal/contracts would pull
 * zod into this chunk (they are PRIVACY_PATHS.myData and .myErasureRequest there).
 */
import type { MailedLink } from '@portal/contracts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import type { BaseMessageId as MessageId } from '../../../i18n/catalogs.ts';

type Translate = (id: MessageId, values?: Record<string, string>) => string;

export const MY_DATA_PATH = '/api/Me/Data';
export const MY_ERASURE_REQUEST_PATH = '/api/Me/ErasureRequest';

/** Asks for the download link; answers what to tell the attendee ("We have mailed a link ... to j***@m***.com ..."). */
export async function downloadMyData(t: Translate): Promise<string> {
  const envelope = await apiGet<MailedLink>(MY_DATA_PATH);
  return envelope.message ?? t('shell.myData.mailed', { to: envelope.data?.sentTo ?? t('shell.myData.yourAddress') });
}

/** Asks for the confirmation link; answers the server's message (where it went, masked). */
export async function requestMyErasure(t: Translate): Promise<string> {
  const envelope = await apiPost<MailedLink>(MY_ERASURE_REQUEST_PATH);
  return envelope.message ?? t('shell.myData.erasureMailed', { to: envelope.data?.sentTo ?? t('shell.myData.yourAddress') });
}
