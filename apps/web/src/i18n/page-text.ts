/**
 * A base message in the page's language now, outside React (an API call's own fallback words). Its
 * own module: the catalogs must not import the language store (the build puts them in different
 * chunks, and a cycle between them leaves one uninitialised when the other first runs).
 */
import { translate, type BaseMessageId } from './catalogs.ts';
import { currentLanguage } from './language.ts';

export function pageText(id: BaseMessageId): string {
  return translate(id, currentLanguage());
}
