import { z } from 'zod';
import { eventTypeSchema } from './auth.ts';
import { languageSchema } from './languages.ts';

export const runtimeConfigSchema = z.object({
  registrationProvider: z.string(),
  contentBaseUrl: z.string(),
  /** The report login's company mail domain (docs/design/web-rules.md, section 5), checked in the browser too. */
  reportEmailDomain: z.string(),
  content: z.record(z.string(), z.object({ environmentId: z.string() })),
  events: z.array(z.object({ eventType: eventTypeSchema, name: z.string(), isVirtual: z.boolean() })),
  /** Present (true) only when company sign-in (OIDC_ISSUER) is configured: /admin and /reportLogin offer it. */
  companySignIn: z.literal(true).optional(),
  /** The languages a person may choose, the default first (always sent; optional so older answers parse). */
  languages: z.array(z.object({ code: languageSchema, name: z.string() })).optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
