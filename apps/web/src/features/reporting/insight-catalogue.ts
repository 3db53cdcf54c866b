/**
 * The reports beyond the seed (docs/report-insights.md) in the report menu: coverage, the
 * registration timeline and nbc vs abc, plus the hierarchy workbook download. They answer field,
 * corporate and report users, each within their report scope (the server enforces it).
 */
import type { MessageId } from '../../i18n/messages/ids.ts';
import { REPORTING_BASE } from './reporting-paths.ts';

export const INSIGHT_SLUGS = ['coverage', 'timeline', 'comparison', 'arrivals'] as const;
export type InsightSlug = (typeof INSIGHT_SLUGS)[number];

/** A report's name in the catalog ('Coverage Gaps'… in English), and its description. */
export function insightName(slug: InsightSlug): MessageId {
  return `reporting.insight.${slug}`;
}

export function insightDescription(slug: InsightSlug): MessageId {
  return `reporting.insight.${slug}.description`;
}

export function canUseInsights(policies: readonly string[]): boolean {
  return policies.includes('field') || policies.includes('corporate') || policies.includes('reporting');
}

export const insightPath = (slug: InsightSlug, event?: string) => `${REPORTING_BASE}/${slug}${event ? `?event=${encodeURIComponent(event)}` : ''}`;
