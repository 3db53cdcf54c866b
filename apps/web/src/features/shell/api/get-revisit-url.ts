import { apiGet } from '../../../lib/api-client.ts';

/**
 * `GET /api/Enrollment/GetRevisitURL` (called when the enrollment tab is chosen): the link of the
 * registration the user already made, or null (none, or the call failed: it shows no message).
 */
export async function getRevisitUrl(): Promise<string | null> {
  try {
    const envelope = await apiGet<string | null>('/api/Enrollment/GetRevisitURL');
    const link = envelope.succeeded ? envelope.data : null;
    return typeof link === 'string' && /^https?:\/\//i.test(link) ? link : null;
  } catch {
    return null;
  }
}
