/**
 * A signed-in person's language choice (the header's switch): kept on the person, or on the report
 * user for a report token, so their mails, badges and exports follow it.
 */
import type { Language } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './languages.queries.ts';

export function createLanguagesService(deps: { db: Db }) {
  return {
    /** Keeps `language` for the token's principal; answers the language kept. */
    async setLanguage(user: AuthUser, language: Language): Promise<Language> {
      if (user.personId !== null) await q.setPersonLanguage(deps.db, user.personId, language);
      else await q.setReportUserLanguage(deps.db, user.email, language);
      return language;
    },
  };
}

export type LanguagesService = ReturnType<typeof createLanguagesService>;
