/**
 * The attendee's own data (docs/privacy.md), loaded only when a button in the footer is pressed:
 * `GET /api/Me/Data` saved as a JSON file, and `POST /api/Me/ErasureRequest`.
 * The paths are spelled here rather than imported: a runtime import of @portal/contracts would pull
 * zod into this chunk (they are PRIVACY_PATHS.myData and .myErasureRequest there).
 */
import type { ErasureRequest, PersonalData } from '@portal/contracts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export const MY_DATA_PATH = '/api/Me/Data';
export const MY_ERASURE_REQUEST_PATH = '/api/Me/ErasureRequest';

export async function downloadMyData(eventType: string): Promise<void> {
  const envelope = await apiGet<PersonalData>(MY_DATA_PATH);
  saveFile(new Blob([JSON.stringify(envelope.data, null, 2)], { type: 'application/json' }), `my-data-${eventType}.json`);
}

/** Answers the server's message ("sent to the event team" / "already with the event team"). */
export async function requestMyErasure(): Promise<string> {
  const envelope = await apiPost<ErasureRequest>(MY_ERASURE_REQUEST_PATH);
  return envelope.message ?? 'Your request has been sent to the event team.';
}
