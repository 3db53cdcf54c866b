/**
 * Reports beyond the seed (docs/report-insights.md): coverage gaps with a "remind" action,
 * the hierarchy workbook, the registration timeline and the nbc vs abc comparison. Every answer is
 * limited to the caller's report scope (docs/reports.md, "Report scopes").
 */
import { z } from 'zod';
import { EVENT_TYPES, type EventType } from './auth.ts';
import { blankOrNetworkCode } from './reports.ts';
import { INSIGHT_PAGE_MAX } from './insight-rules.ts';
import { ALL_CODES } from './rules.ts';

/** Most stores one "remind" call may name; the whole scope is the default. */
export const REMIND_MAX_STORES = 5_000;

const DLRNUM_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const CODE_MESSAGE = 'must be a code of at most 32 letters, digits, "-" or "_", or ALL';

/** An optional region, zone or district code narrowing the answer inside the scope; blank or `ALL` names none. */
const optionalArea = blankOrNetworkCode(CODE_MESSAGE)
  .transform((v) => (v === '' || v.toUpperCase() === ALL_CODES ? null : v))
  .optional();

const eventParam = z
  .string({ error: 'must be a string' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(EVENT_TYPES, { error: () => `must be one of ${EVENT_TYPES.join(', ')}` }))
  .optional();

/**
 * The query of the coverage, timeline and workbook routes: `event` (absent: the token's event) and an
 * optional `region`, `zone` or `district` inside the caller's scope (outside it: 403).
 */
export const insightQuerySchema = z.object({ event: eventParam, region: optionalArea, zone: optionalArea, district: optionalArea });
export type InsightQuery = z.input<typeof insightQuerySchema>;

/** EventComparison covers both events: only the area. */
export const comparisonQuerySchema = z.object({ region: optionalArea, zone: optionalArea, district: optionalArea });
export type ComparisonQuery = z.input<typeof comparisonQuerySchema>;

const pageNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: 'must be a whole number' })
    .trim()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/**
 * Paging of the coverage and comparison rows (the exports hold every row): `limit` rows (default
 * INSIGHT_PAGE_DEFAULT, at most INSIGHT_PAGE_MAX) from `offset` (default 0) in hierarchy order.
 */
export const insightPageSchema = z.object({
  limit: pageNumber('limit', 1, INSIGHT_PAGE_MAX).optional(),
  offset: pageNumber('offset', 0, 100_000_000).optional(),
});
export const coverageQuerySchema = insightQuerySchema.extend(insightPageSchema.shape);
export type CoverageQuery = z.input<typeof coverageQuerySchema>;
export const comparisonPageQuerySchema = comparisonQuerySchema.extend(insightPageSchema.shape);
export type ComparisonPageQuery = z.input<typeof comparisonPageQuerySchema>;

/** The page an answer holds: `rows` are rows `offset` to `offset + rows.length - 1` of `total`. */
export interface InsightPage {
  total: number;
  offset: number;
  limit: number;
}

export const coverageRemindBodySchema = z
  .object({
    dlrnums: z
      .array(z.string({ error: 'must be a store code' }).trim().regex(DLRNUM_PATTERN, 'must be a store code of at most 32 letters, digits, "-" or "_"'), {
        error: 'must be a list of store codes',
      })
      .min(1, 'must name at least one store when given')
      .max(REMIND_MAX_STORES, `may name at most ${REMIND_MAX_STORES} stores`)
      .optional(),
  })
  .strict();
export type CoverageRemindBody = z.input<typeof coverageRemindBodySchema>;

export interface CoverageManager {
  name: string;
  email: string;
  /** Holds an Enrolled registration of the event (as any attendee type). */
  enrolled: boolean;
}

/** A store with no enrolled store-bound (dealer or candidate) attendee, and its managers. */
export interface CoverageRow {
  dlrnum: string;
  storeName: string;
  region: string;
  zone: string;
  district: string;
  managers: CoverageManager[];
}

export interface CoverageAnswer extends InsightPage {
  /** One page of the gaps (`total` in all). */
  rows: CoverageRow[];
  /** Distinct managers (by e-mail) not enrolled, over all gaps: whom "remind" without stores would mail. */
  managersNotEnrolled: number;
}

export interface CoverageRemindAnswer {
  /** Reminder mails queued by this call (a manager already reminded in this window is not counted). */
  queued: number;
}

export interface TimelineDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Registrations that became Enrolled that day. */
  registrations: number;
  /** Enrolled registrations cancelled that day. */
  cancellations: number;
  /** Registrations Enrolled at that day's end. */
  cumulative: number;
}

export interface TimelineAnswer {
  days: TimelineDay[];
}

export interface EventComparisonRow {
  dlrnum: string;
  storeName: string;
  region: string;
  zone: string;
  district: string;
  /** Enrolled store-bound attendees of the store at nbc and at abc. */
  nbcEnrolled: number;
  abcEnrolled: number;
}

/** The comparison over every store of the area, not only the page. */
export interface EventComparisonTotals {
  nbcEnrolled: number;
  abcEnrolled: number;
  /** Stores with an enrolled attendee at nbc, at abc, at both. */
  nbcStores: number;
  abcStores: number;
  bothStores: number;
}

export interface EventComparisonAnswer extends InsightPage {
  /** One page of the stores (`total` in all). */
  rows: EventComparisonRow[];
  totals: EventComparisonTotals;
}

/** The hierarchy workbook's file name for an event. */
export function hierarchyWorkbookFileName(event: EventType): string {
  return `Enrollment by Hierarchy_${event}.xlsx`;
}

// ---------------------------------------------------------------------------------------------
// Weekly digest (GET and PUT /api/Report/Digest)
// ---------------------------------------------------------------------------------------------

export const digestSubscriptionBodySchema = z
  .object({
    subscribed: z.boolean({ error: 'must be true or false' }),
    /** The event the digest covers; absent: the token's event. */
    event: z.enum(EVENT_TYPES, { error: () => `must be one of ${EVENT_TYPES.join(', ')}` }).optional(),
  })
  .strict();
export type DigestSubscriptionBody = z.input<typeof digestSubscriptionBodySchema>;

export interface DigestSubscription {
  subscribed: boolean;
  event: EventType;
  /** End of the period of the last digest sent (ISO time), or null before the first. */
  lastDigestAt: string | null;
}
