/**
 * Weekly digest subscriptions (docs/report-insights.md): a report reader (field or
 * corporate person, or report user) who opts in gets, once a week, a workbook of what changed in
 * their report scope since their last digest, plus the totals.
 */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const reportDigestSubscriptions = pgTable(
  'report_digest_subscriptions',
  {
    /** The subscriber's e-mail, lower-case: a person's or a report user's. */
    email: text('email').primaryKey(),
    /** The person behind an attendee token; null for report users. */
    personId: integer('person_id'),
    eventId: text('event_id').notNull(),
    active: boolean('active').notNull().default(true),
    /** End of the period of the last digest queued; the next one covers what changed after it. */
    lastUntil: timestamp('last_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('report_digest_subscriptions_active_idx').on(t.active)],
);
