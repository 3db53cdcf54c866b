/**
 * Reports beyond the seed (organizer-and-mail.md section 6): coverage gaps with a "remind" action,
 * the hierarchy workbook, the registration timeline and the nbc vs abc comparison. Every answer is
 * limited to the caller's report scope (section 3).
 */
import { z } from 'zod';
import { EVENT_TYPES, type EventType } from './auth.ts';
import { NETWORK_CODE_PATTERN } from './reports.ts';
import { ALL_CODES } from './rules.ts';

/** Most stores one "remind" call may name; the whole scope is the default. */
export const REMIND_MAX_STORES = 5_000;

const DLRNUM_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const CODE_MESSAGE = 'must be a code of at most 32 letters, digits, "-" or "_", or ALL';

/** An optional region, zone or district code narrowing the answer inside the scope; blank or `ALL` names none. */
const optionalArea = z
  .string({ error: 'must be a string' })
  .trim()
  .max(32, CODE_MESSAGE)
  .refine((v) => v === '' || NETWORK_CODE_PATTERN.test(v), CODE_MESSAGE)
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

export interface CoverageAnswer {
  rows: CoverageRow[];
  total: number;
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

export interface EventComparisonAnswer {
  rows: EventComparisonRow[];
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
