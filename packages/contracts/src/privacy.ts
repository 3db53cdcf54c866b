/**
 * Personal data (docs/privacy.md): a person's own data
 * as JSON, erasure requests, erasure, and retention. Envelope and conventions as everywhere.
 *
 * - `GET /api/Me/Data` (attendee token) -> `PersonalData` of the caller; served as a download
 *   (`Content-Disposition: attachment`). Report logins hold no attendee record: 403.
 * - `POST /api/Me/ErasureRequest` (attendee token, no body) -> `ErasureRequest` (201; the open one
 *   again, 200, when one is already open).
 * - `GET /api/Admin/People/{id}/Data` -> `PersonalData` (audited `admin-person-data-export`).
 * - `POST /api/Admin/People/{id}/Erase` `{ reason }` -> `ErasureResult` (audited `admin-person-erase`
 *   with the organizer and the reason); 409 when already erased.
 * - `GET /api/Admin/ErasureRequests?status=open` -> `{ rows: AdminErasureRequest[], total }`.
 * - `GET /api/Admin/Retention/DryRun` -> `{ rows: RetentionPlan[] }`: what the next retention run does.
 * - `POST /api/Admin/Retention/Run` -> `RetentionRunResult`: runs it now (audited). A run that is not
 *   over within 20 s goes on in the background and answers 202 `{ rows: [], running: true }` (also
 *   while a run started here is still going); the dry run then shows what is left.
 * - `retentionDays` of an event: `PUT /api/Admin/Events/{eventType}` `{ retentionDays }` (null: kept).
 */
import { z } from 'zod';
import { answerValueSchema, attendanceFields, nameAndEmailFields, pageQuerySchema, storeFields } from './common.ts';
import { eventTypeSchema } from './auth.ts';

export const PRIVACY_PATHS = {
  myData: '/api/Me/Data',
  myErasureRequest: '/api/Me/ErasureRequest',
  personData: '/api/Admin/People/{id}/Data',
  personErase: '/api/Admin/People/{id}/Erase',
  erasureRequests: '/api/Admin/ErasureRequests',
  retentionDryRun: '/api/Admin/Retention/DryRun',
  retentionRun: '/api/Admin/Retention/Run',
} as const;

export const RETENTION_DAYS_MAX = 3650;
export const ERASURE_REASON_MAX = 500;

const auditLike = z.object({
  at: z.string(),
  action: z.string(),
  success: z.boolean(),
  /** Who did it, as the person sees it: themselves, an organizer, someone else, or the system. */
  by: z.enum(['you', 'organizer', 'someone-else', 'system']),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const erasureRequestSchema = z.object({ id: z.number().int(), requestedAt: z.string(), status: z.string() });
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

export const personalDataSchema = z.object({
  exportedAt: z.string(),
  person: z.object({
    id: z.number().int(),
    /** Null for a roster entry without a real address, or after erasure. */
    email: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    category: z.string(),
    company: z.string().nullable(),
    ...storeFields,
    zoneCode: z.string().nullable(),
    reportScope: z.object({ level: z.string(), code: z.string().nullable() }).nullable(),
    createdAt: z.string(),
    erasedAt: z.string().nullable(),
  }),
  registrations: z.array(
    z.object({
      id: z.number().int(),
      event: z.string(),
      status: z.string(),
      attendeeType: z.string(),
      storeDlrnum: z.string().nullable(),
      ...attendanceFields,
      isFree: z.boolean(),
      provider: z.string(),
      /** Whether the person enrolled themselves (false: a colleague or manager did). */
      registeredBySelf: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
      /** Audit entries about it, oldest first. */
      history: z.array(auditLike),
      /** The answers to the event's questions, sensitive ones included (docs/questions.md). */
      answers: z.array(z.object({ key: z.string(), label: z.string(), value: answerValueSchema, sensitive: z.boolean() })).optional(),
    }),
  ),
  /** Mails sent (or queued) to the person. */
  mails: z.array(z.object({ id: z.number().int(), kind: z.string(), event: z.string().nullable(), subject: z.string().nullable(), createdAt: z.string(), sentAt: z.string().nullable(), status: z.string() })),
  /** Check-in scans: none are recorded by this version of the portal (always empty). */
  checkIns: z.array(z.record(z.string(), z.unknown())),
  /** What the person agreed to or confirmed: e-mail confirmations, digest subscriptions. */
  consents: z.array(z.object({ kind: z.string(), at: z.string().nullable(), state: z.string(), event: z.string().nullable() })),
  /** Their own logins and other actions (audit log), newest first, at most 500. */
  activity: z.array(auditLike.extend({ ip: z.string().nullable() })),
  erasureRequests: z.array(erasureRequestSchema),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

export const eraseRequestSchema = z.object({
  reason: z
    .string({ error: 'is required: say why (e.g. "asked by phone on 2027-04-02")' })
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(ERASURE_REASON_MAX, `must be at most ${ERASURE_REASON_MAX} characters`),
});
export type EraseRequest = z.input<typeof eraseRequestSchema>;

export const erasureResultSchema = z.object({
  personId: z.number().int(),
  erasedAt: z.string(),
  /** Rows changed, by kind. */
  counts: z.record(z.string(), z.number().int()),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

export const erasureRequestsQuerySchema = pageQuerySchema.extend({
  status: z.enum(['open', 'done', 'dismissed']).optional(),
});
export type ErasureRequestsQuery = z.input<typeof erasureRequestsQuerySchema>;

export const adminErasureRequestSchema = z.object({
  id: z.number().int(),
  personId: z.number().int(),
  ...nameAndEmailFields,
  requestedAt: z.string(),
  status: z.string(),
  handledAt: z.string().nullable(),
});
export type AdminErasureRequest = z.infer<typeof adminErasureRequestSchema>;

export const retentionDaysSchema = z.number().int('must be a whole number').min(1, 'must be at least 1').max(RETENTION_DAYS_MAX, `must be at most ${RETENTION_DAYS_MAX}`).nullable();

export const retentionPlanSchema = z.object({
  event: eventTypeSchema,
  retentionDays: z.number().int().nullable(),
  endsOn: z.string(),
  /** The day from which the event's attendees are erased; null without a retention period. */
  dueOn: z.string().nullable(),
  due: z.boolean(),
  /** People to erase (attendees of this event with no registration for an event still kept). */
  people: z.number().int(),
  /** Delivered mails of the event whose bodies and attachments would be purged. */
  mailBodies: z.number().int(),
  /** Check-in scan logs: none are recorded by this version. */
  scanLogs: z.number().int(),
});
export type RetentionPlan = z.infer<typeof retentionPlanSchema>;

export const retentionOutcomeSchema = retentionPlanSchema.extend({ ms: z.number() });
export type RetentionOutcome = z.infer<typeof retentionOutcomeSchema>;
export const retentionRunResultSchema = z.object({ rows: z.array(retentionOutcomeSchema), running: z.literal(true).optional() });
export type RetentionRunResult = z.infer<typeof retentionRunResultSchema>;
