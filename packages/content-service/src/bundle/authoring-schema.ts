/**
 * The authoring form of a content bundle (docs/content-model.md): `types.json` and each
 * environment's `environment.json`. Item files are checked element by element in read-bundle.ts,
 * where every message can name the item and element.
 */
import { z } from 'zod';

/** Kontent.ai codenames; `__proto__` is refused because codenames become object keys. */
export const CODENAME = /^(?!__proto__$)[a-z_][a-z0-9_]{0,59}$/;
const codename = z.string().regex(CODENAME, 'must be a codename: lowercase letters, digits and _, at most 60 characters');
const label = z.string().trim().min(1, 'must not be empty');
/** Language codenames may hold upper case and `-` (`en`, `fr-CA`), as Kontent.ai's do. */
export const LANGUAGE_CODENAME = /^[A-Za-z0-9_-]{1,60}$/;
const languageCodename = z.string().regex(LANGUAGE_CODENAME, 'must be a language codename: letters, digits, _ and -, at most 60 characters');

export const ELEMENT_TYPES = [
  'text',
  'rich_text',
  'number',
  'date_time',
  'multiple_choice',
  'modular_content',
  'asset',
  'url_slug',
  'taxonomy',
  'custom',
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

const option = z.strictObject({ codename, name: label });

const elementDefinition = z
  .strictObject({
    type: z.enum(ELEMENT_TYPES),
    name: label,
    options: z.array(option).optional(),
    taxonomy_group: codename.optional(),
  })
  .superRefine((element, ctx) => {
    if ((element.type === 'multiple_choice') !== (element.options !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'options belong to (and are required by) multiple_choice elements', path: ['options'] });
    }
    if ((element.type === 'taxonomy') !== (element.taxonomy_group !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'taxonomy_group belongs to (and is required by) taxonomy elements', path: ['taxonomy_group'] });
    }
    const seen = new Set<string>();
    for (const [index, { codename: cn }] of (element.options ?? []).entries()) {
      if (seen.has(cn)) ctx.addIssue({ code: 'custom', message: `duplicate option ${cn}`, path: ['options', index] });
      seen.add(cn);
    }
  });
export type ElementDefinition = z.infer<typeof elementDefinition>;

export const typesFileSchema = z
  .array(
    z.strictObject({
      codename,
      name: label,
      elements: z.record(codename, elementDefinition),
    }),
  )
  .superRefine((types, ctx) => {
    const seen = new Set<string>();
    for (const [index, type] of types.entries()) {
      if (seen.has(type.codename)) ctx.addIssue({ code: 'custom', message: `duplicate type ${type.codename}`, path: [index, 'codename'] });
      seen.add(type.codename);
      const accessCodes = type.elements.access_codes;
      if (accessCodes && accessCodes.type !== 'multiple_choice') {
        ctx.addIssue({ code: 'custom', message: 'access_codes must be a multiple_choice element', path: [index, 'elements', 'access_codes'] });
      }
    }
  });
export type AuthoredType = z.infer<typeof typesFileSchema>[number];

export interface AuthoredTerm {
  codename: string;
  name: string;
  terms?: AuthoredTerm[] | undefined;
}
const term: z.ZodType<AuthoredTerm> = z.lazy(() => z.strictObject({ codename, name: label, terms: z.array(term).optional() }));

export const environmentFileSchema = z.strictObject({
  id: z.uuid('must be a UUID').transform((id) => id.toLowerCase()),
  codename,
  name: label,
  /** The first language is the environment's default: every item exists in it, and other languages fall back to it. */
  languages: z
    .array(z.strictObject({ codename: languageCodename, name: label }))
    .min(1, 'must list at least the default language')
    .refine((languages) => new Set(languages.map((l) => l.codename)).size === languages.length, 'must not repeat a language'),
  taxonomies: z.array(z.strictObject({ codename, name: label, terms: z.array(term) })).optional(),
});
export type AuthoredEnvironment = z.infer<typeof environmentFileSchema>;

export const itemSchema = z.strictObject({
  codename,
  type: codename,
  name: label,
  elements: z.record(z.string(), z.unknown()),
});
export type AuthoredItem = z.infer<typeof itemSchema>;

/**
 * A language variant of an item (`<environment>/variants/<language>/*.json`): the item's codename and
 * the elements written in that language. Elements left out keep the default language's value, as
 * Kontent.ai's non-localizable elements do (links, assets, access codes, numbers).
 */
export const variantSchema = z.strictObject({
  codename,
  name: label.optional(),
  elements: z.record(z.string(), z.unknown()),
});
export type AuthoredVariant = z.infer<typeof variantSchema>;

/** Zod issues as one line each: `path: message`. */
export function describeZodError(error: z.ZodError): string[] {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}
