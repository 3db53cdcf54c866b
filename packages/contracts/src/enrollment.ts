/**
 * Enrollment and registration wire shapes (docs/api-contract.md, "Enrollment"; docs/registration-providers.md
 * for the hosted registration page of the builtin provider).
 */
import { z } from 'zod';
import { eventTypeSchema } from './auth.ts';
import { attendanceFields, nameAndEmailFields } from './common.ts';
import { answersSchema, registrationQuestionsFields } from './questions.ts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, isIsoDate, LAST_NAME_MAX } from './rules.ts';

/** The last three are the waiting list's (docs/waiting-lists.md). */
export const REGISTRATION_STATUSES = ['Pending', 'Enrolled', 'Cancelled', 'Waitlisted', 'Offered', 'Expired'] as const;
export const registrationStatusSchema = z.enum(REGISTRATION_STATUSES);
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

/** Field messages follow the server's convention: the field name is put in front of them. */
const requiredName = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/**
 * The legacy manager flow sends eventType "1"; everything else sends the event type of the login.
 * The server always enrols for the event of the caller's token.
 */
export const MANAGER_FLOW_EVENT_TYPE = '1';
export const enrollmentEventTypeSchema = z.union([eventTypeSchema, z.literal(MANAGER_FLOW_EVENT_TYPE)]);

export const enrollmentLinkRequestSchema = z.object({
  firstName: requiredName(FIRST_NAME_MAX),
  lastName: requiredName(LAST_NAME_MAX),
  /** Echo of the login's regType; the server uses the token's. */
  regType: z.string().trim().max(10, 'must be at most 10 characters').nullish(),
  isManager: z.boolean().default(false),
  isVirtual: z.boolean().default(false),
  isGeneralManager: z.boolean().default(false),
  eventType: enrollmentEventTypeSchema.nullish(),
});
export type EnrollmentLinkRequest = z.input<typeof enrollmentLinkRequestSchema>;

/** `data` of Get{Provider}Link: the absolute registration link. */
export const enrollmentLinkSchema = z.string();
/** `data` of GetRevisitURL: the link, or null when the user has no registration to revisit. */
export const revisitLinkSchema = z.string().nullable();

// ---------------------------------------------------------------------------------------------
// Hosted registration page (builtin provider): GET and POST /api/Registration/{token}

export const REGISTRATION_TOKEN_PURPOSES = ['register', 'revisit'] as const;
export type RegistrationTokenPurpose = (typeof REGISTRATION_TOKEN_PURPOSES)[number];

export const isoDateSchema = z.string().refine(isIsoDate, 'must be a date written YYYY-MM-DD');

/** How long a colleague has to accept a place handed to them. */
export const TRANSFER_TTL_HOURS = 48;
export const TRANSFER_STATUSES = ['Offered', 'Accepted', 'Withdrawn', 'Expired'] as const;

/** A place offered to a colleague: who offered it, to whom, and until when. */
export const registrationTransferSchema = z.object({
  status: z.enum(TRANSFER_STATUSES),
  from: z.object({ firstName: z.string(), lastName: z.string() }),
  to: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  expiresAt: z.string(),
});
export type RegistrationTransfer = z.infer<typeof registrationTransferSchema>;

export const registrationSummarySchema = z.object({
  status: registrationStatusSchema,
  event: z.object({
    eventType: eventTypeSchema,
    name: z.string(),
    /** The event window: arrival and departure must fall inside it. */
    startsOn: z.string(),
    endsOn: z.string(),
    /** Whether the program offers virtual attendance. */
    isVirtual: z.boolean(),
  }),
  /** `email` is null until the attendee gives one (a person enrolled by name only). */
  attendee: z.object(nameAndEmailFields),
  store: z.object({ code: z.string(), name: z.string() }).nullable(),
  ...attendanceFields,
  isFree: z.boolean(),
  /** The signed badge code (docs/event-days.md) once Enrolled; null otherwise. */
  badge: z.object({ code: z.string() }).nullable().optional(),
  /** While `Waitlisted`: 1 = next in line of the registration's queue. */
  waitlistPosition: z.number().int().optional(),
  /** While `Offered`: the offer lapses at this instant unless claimed (`{ action: "claim" }`). */
  offerExpiresAt: z.string().optional(),
  /** The answers on record to the event's questions, by key (docs/questions.md). */
  answers: registrationQuestionsFields.answers,
  /** The hand-over of this place to a colleague that awaits their answer, or the one this link offers (docs/transfers.md). */
  transfer: registrationTransferSchema.nullable().optional(),
});
export type RegistrationSummary = z.infer<typeof registrationSummarySchema>;

/** A link's purpose as the page sees it: `transfer` is the colleague's link to accept a place handed to them. */
export const REGISTRATION_PAGE_PURPOSES = [...REGISTRATION_TOKEN_PURPOSES, 'transfer'] as const;

export const registrationPageSchema = registrationSummarySchema.extend({
  purpose: z.enum(REGISTRATION_PAGE_PURPOSES),
  expiresAt: z.string(),
  /** The e-mail can be given here only while the person has none on record. */
  emailEditable: z.boolean(),
  /** The event's questions for this attendee (docs/questions.md). */
  questions: registrationQuestionsFields.questions,
  /** The attendee changes or hands over the registration until this instant; null: no limit. */
  changesCloseAt: z.string().nullable(),
  /** True once `changesCloseAt` has passed: the page is read-only and names the help desk. */
  changesClosed: z.boolean(),
  /** Whom to ask once changes have closed. */
  helpDesk: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  /**
   * Whether this link went only to the attendee's mailbox. Only such a page shows the badge and may
   * cancel, claim or decline; a link obtained by a signed-in session gets a mailed one instead.
   */
  linkMailed: z.boolean().optional(),
});
export type RegistrationPage = z.infer<typeof registrationPageSchema>;

/** `data` of `POST /api/Registration/{token}/MailLink`: where the link to the page went, masked (`j***@m***.com`). */
export const mailedLinkSchema = z.object({ sentTo: z.string() });
export type MailedLink = z.infer<typeof mailedLinkSchema>;

/** The person a submit names: the attendee themselves, or the colleague a place is offered to. */
const personFields = {
  firstName: requiredName(FIRST_NAME_MAX),
  lastName: requiredName(LAST_NAME_MAX),
  email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(254, 'must be at most 254 characters')
    .regex(EMAIL_PATTERN, 'must be an e-mail address'),
};

export const registrationSubmitSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('submit'),
    ...personFields,
    isVirtual: z.boolean(),
    arrivalDate: isoDateSchema.nullish(),
    departureDate: isoDateSchema.nullish(),
    /** Answers to the event's questions by key; absent keeps the answers on record. */
    answers: answersSchema.optional(),
  }),
  /** Cancels a registration, or leaves the waiting list. */
  z.object({ action: z.literal('cancel') }),
  /** Takes the place offered from the waiting list, before `offerExpiresAt`. */
  z.object({ action: z.literal('claim') }),
  /** Offers the place to a colleague of the same store, or for travellers of the same company mail domain. */
  z.object({
    action: z.literal('transfer'),
    ...personFields,
  }),
  /** On the colleague's link: takes the place offered to them. */
  z.object({ action: z.literal('acceptTransfer') }),
  /** On the sender's link: takes back an offer not yet accepted. */
  z.object({ action: z.literal('withdrawTransfer') }),
]);
export type RegistrationSubmit = z.input<typeof registrationSubmitSchema>;

