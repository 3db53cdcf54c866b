/**
 * The reports beyond the seed (docs/report-insights.md) in the report menu: coverage, the
 * registration timeline and nbc vs abc, plus the hierarchy workbook download. They answer field,
 * corporate and report users, each within their report scope (the server enforces it).
 */
import { REPORTING_BASE } from './reporting-paths.ts';

export const INSIGHT_SLUGS = ['coverage', 'timeline', 'comparison', 'arrivals'] as const;
export type InsightSlug = (typeof INSIGHT_SLUGS)[number];

export const INSIGHT_NAMES: Record<InsightSlug, string> = {
  coverage: 'Coverage Gaps',
  timeline: 'Registration Timeline',
  comparison: 'nbc vs abc by Store',
  arrivals: 'Arrivals',
};

export const INSIGHT_DESCRIPTIONS: Record<InsightSlug, string> = {
  coverage: 'Stores with no enrolled attendee, their managers, and reminders',
  timeline: 'Registrations per day and enrolled over time, as a chart and a table',
  comparison: 'Enrolled attendees per store at each event, side by side',
  arrivals: 'Who has arrived at the event by region, zone and district, and who has not yet (live during the event)',
};

export function canUseInsights(policies: readonly string[]): boolean {
  return policies.includes('field') || policies.includes('corporate') || policies.includes('reporting');
}

export const insightPath = (slug: InsightSlug, event?: string) => `${REPORTING_BASE}/${slug}${event ? `?event=${encodeURIComponent(event)}` : ''}`;
