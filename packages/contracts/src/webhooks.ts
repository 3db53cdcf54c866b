/**
 * Webhooks out (docs/webhooks.md): the organizer console's routes for endpoints and
 * their deliveries, and the body every delivery carries. Conventions as in admin.ts (envelope,
 * `{ rows, total }` lists, ISO times). Receivers' guide: docs/webhooks.md.
 */
import { z } from 'zod';
import { adminPersonSchema, adminRegistrationSchema, registeredBySchema } from './admin.ts';
import { answerValueSchema, nameAndEmailFields, pageQuerySchema } from './common.ts';

export const WEBHOOK_PATHS = {
  webhooks: '/api/Admin/Webhooks',
  webhook: '/api/Admin/Webhooks/{id}',
  webhookDisable: '/api/Admin/Webhooks/{id}/Disable',
  webhookRotateSecret: '/api/Admin/Webhooks/{id}/RotateSecret',
  webhookTest: '/api/Admin/Webhooks/{id}/Test',
  webhookDeliveries: '/api/Admin/Webhooks/{id}/Deliveries',
  webhookDeliveryRetry: '/api/Admin/WebhookDeliveries/{id}/Retry',
} as const;

/**
 * Every event type an endpoint can subscribe to; all are sent (WEBHOOK_EVENT_TYPES_SENT).
 */
export const WEBHOOK_EVENT_TYPES = [
  'registration.created',
  'registration.updated',
  'registration.cancelled',
  'registration.transferred',
  'registration.waitlisted',
  'registration.offered',
  'checkin.created',
  'checkin.undone',
  'session.joined',
  'session.left',
  'session.attended',
  'person.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The types the portal emits today: all of them (every feature a type names has landed). */
export const WEBHOOK_EVENT_TYPES_SENT: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES;
/** The type of the console's "send test event"; sent whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;

const urlField = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((v) => URL.canParse(v), 'must be an absolute URL such as https://crm.example.com/hooks/portal');
const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'must be a list of event types' })
  .min(1, 'choose at least one event type')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);
const descriptionField = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`);

/** `POST /api/Admin/Webhooks` -> 201 `CreatedWebhook` (the secret is shown this once). */
export const createWebhookRequestSchema = z.object({
  url: urlField,
  events: eventsField,
  description: descriptionField.default(''),
  /** Registration bodies carry sensitive answers too (health, accessibility: docs/questions.md). */
  includeSensitive: z.boolean().default(false),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/**
 * `PUT /api/Admin/Webhooks/{id}`: the fields given change. `enabled: true` turns a disabled endpoint
 * on again (deliveries held while it was off then go out); to turn one off use `.../Disable`.
 */
export const updateWebhookRequestSchema = z
  .object({
    url: urlField.optional(),
    events: eventsField.optional(),
    description: descriptionField.optional(),
    enabled: z.literal(true, { error: 'can only be true here; use Disable to turn an endpoint off' }).optional(),
    includeSensitive: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'give at least one of url, events, description, enabled, includeSensitive');
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Registration bodies carry sensitive answers too. */
  includeSensitive: z.boolean(),
  /** `organizer` (Disable) or `gone` (the receiver answered 410); null while enabled. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** The previous secret still signs (a second signature) until then, after a rotation. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Deliveries not yet delivered or failed. */
  pending: z.number().int(),
  failed: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Create and RotateSecret: the endpoint with its signing secret, shown only in this answer. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export const webhookDeliveriesQuerySchema = pageQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
});
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuerySchema>;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused address, time-out, connection error). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  /** The `webhook-id` header, the same on every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  /** One of WEBHOOK_DELIVERY_STATUSES. */
  status: z.string(),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** Every attempt, oldest first. */
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

// ---------------------------------------------------------------------------------------------
// What receivers get
// ---------------------------------------------------------------------------------------------

/** `data` of `registration.*`: the registration as the console's detail shows it, less its audit history. */
export const webhookRegistrationDataSchema = adminRegistrationSchema.extend({
  registeredBy: registeredBySchema.nullable(),
  provider: z.string(),
  /**
   * The answers to the event's questions by key (docs/questions.md), when it has any: sensitive
   * ones only to an endpoint that sets `includeSensitive`.
   */
  answers: z.record(z.string(), answerValueSchema).optional(),
});
export type WebhookRegistrationData = z.infer<typeof webhookRegistrationDataSchema>;

/**
 * Who checked someone in or undid it: a door device (its scan), the console, a walk-in (door or
 * console), or a same-store substitution (door or console), which takes the old holder's check-in back.
 */
export const CHECKIN_WEBHOOK_SOURCES = ['door', 'console', 'walk-in', 'substitution'] as const;
const checkInWebhookFields = {
  registrationId: z.number().int(),
  event: z.string(),
  /** The door's name as the device reported it (`Console` for the console). */
  door: z.string(),
  /** The door device; null for the console. */
  device: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The device's scan (`scanId` of POST /api/CheckIn/Scans); null for the console and walk-ins. */
  scanId: z.string().nullable(),
  source: z.enum(CHECKIN_WEBHOOK_SOURCES),
};
/** `data` of `checkin.created`: an attendee's arrival (the first check-in); never a badge code or token. */
export const webhookCheckInDataSchema = z.object({ ...checkInWebhookFields, checkedInAt: z.string() });
export type WebhookCheckInData = z.infer<typeof webhookCheckInDataSchema>;
/** `data` of `checkin.undone`: a check-in taken back; `checkIn` is the one it removed. */
export const webhookCheckInUndoneDataSchema = z.object({ ...checkInWebhookFields, undoneAt: z.string(), checkIn: z.object({ at: z.string(), door: z.string() }) });
export type WebhookCheckInUndoneData = z.infer<typeof webhookCheckInUndoneDataSchema>;

/**
 * `data` of `session.joined` (a seat or a waiting-list place taken, or an offered seat claimed),
 * `session.left` (left, or released by a cancel) and `session.attended` (a session door's scan).
 */
export const webhookSessionDataSchema = z.object({
  sessionId: z.number().int(),
  event: z.string(),
  title: z.string(),
  registrationId: z.number().int(),
  /** The pick's status after the change; for `session.attended`, whether the person had picked the session. */
  status: z.enum(['Enrolled', 'Waitlisted', 'Offered', 'Expired', 'Cancelled']).nullable(),
  at: z.string(),
});
export type WebhookSessionData = z.infer<typeof webhookSessionDataSchema>;

/** The body of every delivery (Standard Webhooks' shape): `timestamp` is when the change happened. */
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['registration.created', 'registration.updated', 'registration.cancelled']), timestamp: z.string(), data: webhookRegistrationDataSchema }),
  /** The registration as its new holder has it, and who held it before (docs/transfers.md). */
  z.object({
    type: z.literal('registration.transferred'),
    timestamp: z.string(),
    data: webhookRegistrationDataSchema.extend({
      previousAttendee: z.object({ personId: z.number().int(), ...nameAndEmailFields }),
    }),
  }),
  z.object({ type: z.literal('person.updated'), timestamp: z.string(), data: adminPersonSchema }),
  z.object({ type: z.literal('checkin.created'), timestamp: z.string(), data: webhookCheckInDataSchema }),
  z.object({ type: z.literal('checkin.undone'), timestamp: z.string(), data: webhookCheckInUndoneDataSchema }),
  z.object({ type: z.enum(['session.joined', 'session.left', 'session.attended']), timestamp: z.string(), data: webhookSessionDataSchema }),
  z.object({ type: z.literal(WEBHOOK_TEST_EVENT_TYPE), timestamp: z.string(), data: z.object({ endpointId: z.number().int(), message: z.string() }) }),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
