/**
 * A signed-in person's language choice (the header's switch): kept on the person, or on the report
 * user for a report token, so their mails, badges and exports follow it.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@portal/contracts';
import type { Db } from '@portal/db';
import { negotiateLanguage } from '../../lib/i18n/i18n.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './languages.queries.ts';

/**
 * The language a signed-in reader's export or document is written in: the request's
 * `Accept-Language` (the page's language), else the reader's stored choice, else English.
 */
export async function readerLanguage(db: Db, request: Pick<FastifyRequest, 'headers' | 'user'>): Promise<Language> {
  const header = request.headers['accept-language'];
  const asked = negotiateLanguage(Array.isArray(header) ? header.join(',') : header);
  if (asked) return asked;
  return (request.user ? await q.storedLanguage(db, request.user) : null) ?? DEFAULT_LANGUAGE;
}

export function createLanguagesService(deps: { db: Db }) {
  return {
    /** The language a download is written in: Accept-Language, else the reader's stored choice, else English. */
    readerLanguage: (request: Pick<FastifyRequest, 'headers' | 'user'>) => readerLanguage(deps.db, request),
    /** Keeps `language` for the token's principal; answers the language kept. */
    async setLanguage(user: AuthUser, language: Language): Promise<Language> {
      if (user.personId !== null) await q.setPersonLanguage(deps.db, user.personId, language);
      else await q.setReportUserLanguage(deps.db, user.email, language);
      return language;
    },
  };
}

export type LanguagesService = ReturnType<typeof createLanguagesService>;
