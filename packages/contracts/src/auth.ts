import { z } from 'zod';

export const EVENT_TYPES = ['nbc', 'abc'] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;

export const POLICIES = ['general', 'expo', 'field', 'corporate', 'reporting', 'admin'] as const;
export const policySchema = z.enum(POLICIES);
export type Policy = z.infer<typeof policySchema>;

export { CONTENT_CODE_BY_POLICY, contentCodesFor, EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX } from './rules.ts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX } from './rules.ts';

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
});
export type LoginData = z.infer<typeof loginDataSchema>;
