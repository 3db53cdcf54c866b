import { useMemo } from 'react';
import type { EventType } from '@portal/contracts';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, type HeaderLayoutDetail } from '../../../lib/content-models.ts';
import { contentCodesFor } from '@portal/contracts/rules';
import { hasReportGrant, useUserDetail } from '../../../lib/user-storage.ts';
import { visibleTabs, type NavTab } from '../utils/tabs.ts';

const NO_TABS: NavTab[] = [];

export interface HeaderLayout {
  header: HeaderLayoutDetail | null | undefined;
  tabs: NavTab[];
  accessCodes: string[];
  isLoading: boolean;
}

/** The header layout (logo, banner, tabs) for the stored login's access codes. */
export function useHeaderLayout(eventType: EventType): HeaderLayout {
  const user = useUserDetail();
  const policies = user?.data.authorizationPolicy;
  const accessCodes = useMemo(() => contentCodesFor(policies ?? []), [policies]);
  const query = useContentItemOfType<HeaderLayoutDetail>(
    CONTENT_TYPES.headerLayout,
    [{ element: 'elements.access_codes', op: 'any', value: accessCodes }],
    // A login with no access code (the report user) has no header to fetch.
    { eventType, enabled: accessCodes.length > 0 },
  );
  const header = accessCodes.length > 0 ? query.data : null;
  // Stable while the answer is: the tab list feeds the shell's context.
  // The reporting tab only with a granted report scope (the content lists it for every field or corporate code).
  const granted = hasReportGrant(user);
  const tabs = useMemo(() => {
    if (!header) return NO_TABS;
    const all = visibleTabs(header.elements.tablist?.linkedItems ?? [], accessCodes);
    return granted ? all : all.filter((tab) => tab.kind !== 'reporting');
  }, [header, accessCodes, granted]);
  // Pending also while the runtime config loads (the query waits for it).
  return { header, tabs, accessCodes, isLoading: accessCodes.length > 0 && query.isPending };
}
