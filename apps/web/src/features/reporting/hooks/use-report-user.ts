import { hasReportGrant, useUserDetail } from '../../../lib/user-storage.ts';

/** What the reporting screens read from the stored login. */
export function useReportUser() {
  const detail = useUserDetail();
  return {
    /** The login's policies, or none without a granted report scope: then no report screen opens. */
    policies: hasReportGrant(detail) ? (detail?.data.authorizationPolicy ?? []) : [],
    /** Virtual columns and totals show only for a virtual program (docs/design/web-rules.md, section 6). */
    isVirtual: detail?.data.programInfo?.isVirtual === true,
  };
}
