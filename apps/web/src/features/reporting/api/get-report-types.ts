/**
 * The report types content item (`report_types`, filtered by the login's access codes): the menu's
 * heading and the names of the reports the content lists.
 */
import { useMemo } from 'react';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, text, type ReportTypes } from '../../../lib/content-models.ts';
import { contentCodesFor } from '@portal/contracts/rules';
import { useUserDetail } from '../../../lib/user-storage.ts';

export interface ReportTypesContent {
  title: string;
  /** Report name by content id (1 to 7), only for the ids the content lists. */
  names: ReadonlyMap<number, string>;
}

export function readReportTypes(item: ReportTypes | null | undefined): ReportTypesContent {
  const names = new Map<number, string>();
  for (const type of item?.elements.report_list?.linkedItems ?? []) {
    const id = type.elements.id?.value;
    if (typeof id === 'number' && Number.isInteger(id)) names.set(id, text(type.elements.name));
  }
  return { title: text(item?.elements.title), names };
}

export function useReportTypes() {
  const policies = useUserDetail()?.data.authorizationPolicy;
  const codes = useMemo(() => contentCodesFor(policies ?? []).sort(), [policies]);
  const filters = useMemo(() => [{ element: 'elements.access_codes', op: 'any' as const, value: codes }], [codes]);
  const query = useContentItemOfType<ReportTypes>(CONTENT_TYPES.reportTypes, filters, { enabled: codes.length > 0 });
  const content = useMemo(() => readReportTypes(query.data), [query.data]);
  return { ...query, content };
}
