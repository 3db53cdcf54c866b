/**
 * Registrations handed over by their attendee to a colleague (docs/transfers.md). A row is an offer:
 * `Offered` until the colleague accepts through their own mailed link (`Accepted`), the sender
 * withdraws it (`Withdrawn`) or it lapses at `expires_at` (`Expired`). Only the colleague's link's
 * hash is stored. At most one live offer per registration (a partial unique index).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TRANSFER_STATUSES } from '@portal/contracts';
import { events, people, registrations } from './domain.ts';
import { requiredIntRef, requiredTextRef, serialId } from './columns.ts';

export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const registrationTransfers = pgTable(
  'registration_transfers',
  {
    id: serialId(),
    registrationId: requiredIntRef('registration_id', () => registrations.id, 'cascade'),
    eventId: requiredTextRef('event_id', () => events.id),
    /** The holder who offered the place. */
    fromPersonId: requiredIntRef('from_person_id', () => people.id),
    /** The colleague as the sender named them; the person is found or created on acceptance. */
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** The person who accepted (set on acceptance). */
    toPersonId: integer('to_person_id').references(() => people.id),
    status: text('status').$type<TransferStatus>().notNull().default('Offered'),
    /** SHA-256 of the colleague's link token. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('registration_transfers_token_uq').on(t.tokenHash),
    uniqueIndex('registration_transfers_live_uq').on(t.registrationId).where(sql`${t.status} = 'Offered'`),
    index('registration_transfers_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'Offered'`),
  ],
);
