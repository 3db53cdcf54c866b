import { z } from 'zod';

/**
 * The languages a person reads the portal in. `en` is the default: what a person without a choice,
 * and every text without a French variant, gets.
 */
export const LANGUAGES = ['en', 'fr-CA'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'fr-CA': 'Français' };

/** `PUT /api/Me/Language`: the signed-in person's language, kept for their mails, badges and exports. */
export const setLanguageRequestSchema = z.object({ language: languageSchema });
export type SetLanguageRequest = z.infer<typeof setLanguageRequestSchema>;
export const setLanguageDataSchema = z.object({ language: languageSchema });
export type SetLanguageData = z.infer<typeof setLanguageDataSchema>;
