import { z } from 'zod';

export const EVENT_TYPES = ['nbc', 'abc'] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;

export const POLICIES = ['general', 'expo', 'field', 'corporate', 'reporting', 'admin'] as const;
export const policySchema = z.enum(POLICIES);
export type Policy = z.infer<typeof policySchema>;

export { CONTENT_CODE_BY_POLICY, contentCodesFor, EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX } from './rules.ts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX } from './rules.ts';
import { languageSchema } from './languages.ts';

const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

export const loginRequestSchema = z.object({
  userName: z.string().trim().min(1, 'is required').max(254).regex(EMAIL_PATTERN, 'must be an e-mail address'),
  password: z.string().min(1, 'is required').max(100),
  firstName: optionalName(FIRST_NAME_MAX),
  lastName: optionalName(LAST_NAME_MAX),
  eventType: eventTypeSchema.default('nbc'),
  IsReporting: z.boolean().default(false),
  /** The language chosen on the login page; kept on the person. Absent: the stored choice stays. */
  language: languageSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const contentGroupsSchema = z.object({
  agenda: z.string(),
  conference: z.string(),
  faq: z.string(),
});
export type ContentGroups = z.infer<typeof contentGroupsSchema>;

export const dealerInfoSchema = z.object({
  isDealer: z.boolean(),
  executiveManager: z.string().nullable(),
  generalManager: z.string().nullable(),
  storeCode: z.string().nullable(),
  storeName: z.string().nullable(),
});
export type DealerInfo = z.infer<typeof dealerInfoSchema>;

/** A granted report scope as the login answer carries it: `{ level: 'network', code: null }` or a level with its code. */
export const loginReportScopeSchema = z.object({
  level: z.enum(['network', 'region', 'zone', 'district']),
  code: z.string().nullable(),
});
export type LoginReportScope = z.infer<typeof loginReportScopeSchema>;

export const loginDataSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  regType: z.string(),
  eventType: eventTypeSchema,
  programInfo: z.object({ isVirtual: z.boolean() }),
  dealerInfo: dealerInfoSchema.nullable(),
  authorizationPolicy: z.array(z.string()),
  user: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  contentGroups: contentGroupsSchema,
  /**
   * The report scope granted to this person (docs/reports.md, "Report scopes"): `network`, or one
   * region, zone or district code; null when none is granted, and the web app then shows no reports.
   * Optional, so older answers still parse; absent counts as no grant.
   */
  reportScope: loginReportScopeSchema.nullable().optional(),
  /** The person's language after this login (the one sent, else the stored one, else `en`). */
  language: languageSchema.optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;
