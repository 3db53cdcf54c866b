/**
 * The report types of the menu (docs/design/web-rules.md, section 2, "Reporting screens"): content ids 1 to 7, each with its
 * relative link under /nbc/reporting and the policy that opens it (docs/design/web-rules.md, section 6). `corporate` opens
 * everything `field` opens.
 */
import type { MessageId } from '../../i18n/messages/ids.ts';

export const REPORT_SLUGS = ['region', 'candidate', 'field', 'corporate', 'distributor', 'sbr', 'traveller'] as const;
export type ReportSlug = (typeof REPORT_SLUGS)[number];

export interface ReportTypeDefinition {
  id: number;
  slug: ReportSlug;
  /** The least policy that opens it. */
  policy: 'field' | 'corporate';
  /** Shown when the content names no report for this id (a catalog id). */
  defaultName: MessageId;
}

export const REPORT_TYPES: readonly ReportTypeDefinition[] = [
  { id: 1, slug: 'region', policy: 'field', defaultName: 'reporting.name.region' },
  { id: 2, slug: 'candidate', policy: 'field', defaultName: 'reporting.name.candidate' },
  { id: 3, slug: 'field', policy: 'field', defaultName: 'reporting.name.field' },
  { id: 4, slug: 'corporate', policy: 'corporate', defaultName: 'reporting.name.corporate' },
  { id: 5, slug: 'distributor', policy: 'corporate', defaultName: 'reporting.name.distributor' },
  { id: 6, slug: 'sbr', policy: 'corporate', defaultName: 'reporting.name.sbr' },
  { id: 7, slug: 'traveller', policy: 'corporate', defaultName: 'reporting.name.traveller' },
];

export function reportTypeBySlug(slug: ReportSlug): ReportTypeDefinition {
  const found = REPORT_TYPES.find((t) => t.slug === slug);
  if (!found) throw new Error(`Unknown report slug ${slug}`);
  return found;
}

/** Whether the reporting area exists at all for these policies. */
export function canUseReporting(policies: readonly string[]): boolean {
  return policies.includes('field') || policies.includes('corporate');
}

/** The report slugs whose routes exist for these policies, in menu order. */
export function allowedReportSlugs(policies: readonly string[]): ReportSlug[] {
  const corporate = policies.includes('corporate');
  const field = corporate || policies.includes('field');
  return REPORT_TYPES.filter((t) => (t.policy === 'corporate' ? corporate : field)).map((t) => t.slug);
}

export interface MenuEntry {
  id: number;
  slug: ReportSlug;
  name: string;
}

/**
 * The menu: a report shows only when the content lists its id and the user's policies open its route.
 */
export function menuEntries(listed: ReadonlyMap<number, string>, policies: readonly string[], defaultName: (id: MessageId) => string): MenuEntry[] {
  const allowed = new Set(allowedReportSlugs(policies));
  return REPORT_TYPES.filter((t) => listed.has(t.id) && allowed.has(t.slug)).map((t) => ({
    id: t.id,
    slug: t.slug,
    name: listed.get(t.id) || defaultName(t.defaultName),
  }));
}
