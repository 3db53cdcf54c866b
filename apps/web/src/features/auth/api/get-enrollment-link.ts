import type { EnrollmentLinkRequest, RuntimeConfig } from '@portal/contracts';
import { apiPost } from '../../../lib/api-client.ts';
import { enrollmentLinkPath } from '../../../lib/runtime-config.ts';
import type { StoredUserDetail } from '../../../lib/user-storage.ts';

/**
 * The abc login's next step (docs/design/web-rules.md, section 4): ask the registration provider for the attendee's
 * link. Resolves with the link, or null when the call did not succeed.
 */
export async function getAbcEnrollmentLink(config: RuntimeConfig, user: StoredUserDetail, names: { firstName: string; lastName: string }): Promise<string | null> {
  const request: EnrollmentLinkRequest = {
    firstName: names.firstName.trim(),
    lastName: names.lastName.trim(),
    regType: user.data.regType,
    isManager: false,
    isVirtual: false,
    isGeneralManager: false,
    eventType: 'abc',
  };
  const envelope = await apiPost<string>(enrollmentLinkPath(config), request);
  return envelope.succeeded && typeof envelope.data === 'string' ? envelope.data : null;
}
