import { useUserDetail } from '../../../lib/user-storage.ts';

/** What the reporting screens read from the stored login. */
export function useReportUser() {
  const detail = useUserDetail();
  return {
    policies: detail?.data.authorizationPolicy ?? [],
    /** Virtual columns and totals show only for a virtual program (spec section 6). */
    isVirtual: detail?.data.programInfo?.isVirtual === true,
  };
}
