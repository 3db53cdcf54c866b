import type { EnrollmentLinkRequest, RuntimeConfig } from '@portal/contracts';
import { apiPost } from '../../../lib/api-client.ts';
import { enrollmentLinkPath } from '../../../lib/runtime-config.ts';

/**
 * `POST /api/Enrollment/Get{Provider}Link` (provider name from the runtime config). Resolves with the
 * registration link, or null when the answer did not succeed; rejects when the call failed.
 */
export async function createEnrollmentLink(config: RuntimeConfig, request: EnrollmentLinkRequest): Promise<string | null> {
  const envelope = await apiPost<string>(enrollmentLinkPath(config), request);
  return envelope.succeeded && typeof envelope.data === 'string' && envelope.data !== '' ? envelope.data : null;
}
