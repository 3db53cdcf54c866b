/**
 * The door device's language is its own choice, kept apart from the portal's (one browser may run
 * both): imported before anything reads the page's language, so the French part of the catalog,
 * when chosen, starts loading with the door's script.
 */
import { setLanguageStorageKey } from '../i18n/language.ts';

export const DOOR_LANGUAGE_KEY = 'portal.checkin.language';
setLanguageStorageKey(DOOR_LANGUAGE_KEY);
