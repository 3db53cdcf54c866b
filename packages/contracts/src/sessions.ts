/**
 * The event's program (docs/sessions.md): sessions managed by organizers, picked by attendees
 * (a seat, or a place on the session's waiting list with an offer when a seat frees), their agenda
 * as a calendar feed, attendance at session doors and the fill reports. Envelope and conventions
 * as in the rest of the API; instants ISO 8601 with zone (UTC in answers), the event's `timeZone`
 * alongside for display. Kept backward compatible once published: fields are only ever added.
 */
import { z } from 'zod';
import { ADMIN_ATTENDEE_TYPES } from './admin.ts';
import { eventTypeSchema } from './auth.ts';
import { countsByStatus, idParamsSchema, nameAndEmailFields, pagedSchema, storeFields } from './common.ts';

export const SESSIONS_PATHS = {
  adminSessions: '/api/Admin/Sessions',
  adminSession: '/api/Admin/Sessions/{id}',
  adminSessionCancel: '/api/Admin/Sessions/{id}/Cancel',
  adminSessionPeople: '/api/Admin/Sessions/{id}/People',
  sessions: '/api/Sessions',
  join: '/api/Sessions/{id}/Join',
  leave: '/api/Sessions/{id}/Leave',
  /** POST: a new personal feed address (the previous one stops working); DELETE: revoke it. */
  calendar: '/api/Sessions/Calendar',
  /** POST: mail the person their agenda with its `.ics`. */
  agendaMail: '/api/Sessions/AgendaMail',
  registrationSessions: '/api/Registration/{token}/Sessions',
  registrationJoin: '/api/Registration/{token}/Sessions/{id}/Join',
  registrationLeave: '/api/Registration/{token}/Sessions/{id}/Leave',
  registrationCalendar: '/api/Registration/{token}/Sessions/Calendar',
  registrationAgendaMail: '/api/Registration/{token}/Sessions/AgendaMail',
  /** The personal subscription feed; the token is the only credential and the only data in the address. */
  calendarFeed: '/calendar/{feedToken}.ics',
  report: '/api/Report/Sessions',
  reportHierarchy: '/api/Report/Sessions/{id}/Hierarchy',
} as const;

export const SESSION_ENTRIES = ['picked', 'open'] as const;
export type SessionEntry = (typeof SESSION_ENTRIES)[number];
export const SESSION_PICK_STATUSES = ['Enrolled', 'Waitlisted', 'Offered', 'Expired', 'Cancelled'] as const;
export type SessionPickStatus = (typeof SESSION_PICK_STATUSES)[number];
/** The statuses of a live pick: what `mine` shows, and what the console counts per session. */
export const SESSION_MINE = ['Enrolled', 'Waitlisted', 'Offered'] as const;

/** A local time in the event's time zone (`2027-03-01T09:00`) or an instant with its zone (`…Z`, `…-08:00`). */
const LOCAL_OR_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?$/;
export const sessionTimeSchema = z
  .string({ error: 'is required' })
  .regex(LOCAL_OR_ZONED, 'must be a date and time (2027-03-01T09:00 in the event’s time zone, or ISO 8601 with zone)')
  .refine((v) => {
    // The calendar date and the clock must exist (no 2027-02-30, no 25:00), whatever the zone.
    const wall = new Date(`${v.slice(0, 16)}:00Z`);
    return !Number.isNaN(wall.getTime()) && wall.toISOString().slice(0, 16) === v.slice(0, 16);
  }, 'is not a valid date and time');

const title = z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const room = z.string({ error: 'is required' }).trim().min(1, 'is required').max(120, 'must be at most 120 characters');
const description = z.string().trim().max(4000, 'must be at most 4000 characters').nullable();
const track = z.string().trim().max(80, 'must be at most 80 characters').nullable();
const capacity = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(100_000, 'must be at most 100000');
export const sessionAudienceSchema = z
  .array(z.enum(ADMIN_ATTENDEE_TYPES, { error: `must be one of ${ADMIN_ATTENDEE_TYPES.join(', ')}` }))
  .min(1, 'must name at least one attendee type (or be null: everyone)')
  .max(ADMIN_ATTENDEE_TYPES.length)
  .nullable();
const entry = z.enum(SESSION_ENTRIES, { error: 'must be picked or open' });

export const createSessionRequestSchema = z.object({
  event: eventTypeSchema,
  title,
  description: description.optional(),
  startsAt: sessionTimeSchema,
  endsAt: sessionTimeSchema,
  room,
  capacity,
  audience: sessionAudienceSchema.optional(),
  track: track.optional(),
  entry,
});
export type CreateSessionRequest = z.input<typeof createSessionRequestSchema>;

export const updateSessionRequestSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  startsAt: sessionTimeSchema.optional(),
  endsAt: sessionTimeSchema.optional(),
  room: room.optional(),
  capacity: capacity.optional(),
  audience: sessionAudienceSchema.optional(),
  track: track.optional(),
  entry: entry.optional(),
});
export type UpdateSessionRequest = z.input<typeof updateSessionRequestSchema>;

export const adminSessionsQuerySchema = z.object({ event: eventTypeSchema.optional() });

export const adminSessionSchema = z.object({
  id: z.number().int(),
  event: eventTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The event's IANA time zone: the times are shown in it. */
  timeZone: z.string(),
  room: z.string(),
  capacity: z.number().int(),
  audience: z.array(z.enum(ADMIN_ATTENDEE_TYPES)).nullable(),
  track: z.string().nullable(),
  entry: z.enum(SESSION_ENTRIES),
  cancelledAt: z.string().nullable(),
  /** The session's live picks by status: `enrolled`, `waitlisted`, `offered`. */
  ...countsByStatus(SESSION_MINE),
  attended: z.number().int(),
  seatsLeft: z.number().int(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminSessionPersonSchema = z.object({
  registrationId: z.number().int(),
  status: z.enum(SESSION_PICK_STATUSES).nullable(),
  waitlistPosition: z.number().int().nullable(),
  ...nameAndEmailFields,
  attendeeType: z.string(),
  ...storeFields,
  attendedAt: z.string().nullable(),
});
export type AdminSessionPerson = z.infer<typeof adminSessionPersonSchema>;

/** One session as an attendee sees it (`GET /api/Sessions`): some of the console's fields, and the person's own pick. */
export const sessionRowSchema = adminSessionSchema
  .pick({ id: true, title: true, description: true, startsAt: true, endsAt: true, room: true, track: true, entry: true, capacity: true, seatsLeft: true })
  .extend({
    mine: z.enum(SESSION_MINE).nullable(),
    waitlistPosition: z.number().int().optional(),
    offerExpiresAt: z.string().optional(),
    /** One of the person's sessions whose times overlap this one's. */
    conflictsWith: z.number().int().optional(),
  });
export type SessionRow = z.infer<typeof sessionRowSchema>;

export const sessionsDataSchema = z.object({
  rows: z.array(sessionRowSchema),
  event: eventTypeSchema,
  timeZone: z.string(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Whether the person may pick now; `reason` says why not. */
  canPick: z.boolean(),
  reason: z.string().nullable(),
});
export type SessionsData = z.infer<typeof sessionsDataSchema>;

export const joinSessionDataSchema = z.object({
  status: z.enum(['Enrolled', 'Waitlisted']),
  waitlistPosition: z.number().int().optional(),
});
export type JoinSessionData = z.infer<typeof joinSessionDataSchema>;

export const leaveSessionDataSchema = z.object({ status: z.literal('Cancelled') });

export const calendarFeedDataSchema = z.object({ url: z.string() });
export type CalendarFeedData = z.infer<typeof calendarFeedDataSchema>;

export const sessionIdParamsSchema = idParamsSchema;
export const registrationSessionParamsSchema = z.object({ token: z.string().max(200), id: sessionIdParamsSchema.shape.id });
export const calendarFeedParamsSchema = z.object({ feedToken: z.string().max(200) });

// Reports

export const sessionReportQuerySchema = z.object({ event: eventTypeSchema, format: z.enum(['json', 'xlsx']).optional() });
/** A session's fill, as the console's session counts it. */
export const sessionReportRowSchema = adminSessionSchema.pick({ id: true, title: true, startsAt: true, room: true, capacity: true, enrolled: true, waitlisted: true, attended: true });
export type SessionReportRow = z.infer<typeof sessionReportRowSchema>;
/** `GET /api/Report/Sessions` (JSON): the rows and the event's time zone, in which the web shows `startsAt`. */
export const sessionReportDataSchema = pagedSchema(sessionReportRowSchema).extend({ timeZone: z.string() });
export type SessionReportData = z.infer<typeof sessionReportDataSchema>;

export const SESSION_REPORT_LEVELS = ['Region', 'Zone', 'District'] as const;
export const sessionHierarchyQuerySchema = z.object({
  reportLevel: z.enum(SESSION_REPORT_LEVELS, { error: 'must be Region, Zone or District' }),
  region: z.string().trim().max(20).optional(),
  zone: z.string().trim().max(20).optional(),
  format: z.enum(['json', 'xlsx']).optional(),
});
export const sessionHierarchyRowSchema = z.object({ code: z.string(), name: z.string(), enrolled: z.number().int(), attended: z.number().int() });
export type SessionHierarchyRow = z.infer<typeof sessionHierarchyRowSchema>;
export const sessionHierarchyDataSchema = pagedSchema(sessionHierarchyRowSchema);
export type SessionHierarchyData = z.infer<typeof sessionHierarchyDataSchema>;
