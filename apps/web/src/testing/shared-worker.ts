/**
 * Set-up for the web test files that run without isolation (root vitest.config.ts): a worker keeps
 * one jsdom window and one module graph from one file to the next, so what a file leaves on them is
 * put back after its last test, and the next file starts as it would in a window of its own.
 * Vitest runs this file again for every test file; the module below it (imported once per worker)
 * holds the window's properties as the first file found them.
 */
import { afterAll, vi } from 'vitest';
import { resetMessageAreasForTests } from '../i18n/area.tsx';
import { resetCatalogsForTests } from '../i18n/catalogs.ts';
import { resetLanguageForTests } from '../i18n/language.ts';
import { restorePristineWindow } from './pristine-window.ts';

afterAll(() => {
  // Stubbed fetch, matchMedia and the like; fake timers a file left on; mocks (restoreMocks covers spies only).
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.clearAllMocks();
  restorePristineWindow();
  // The page's language and the fetched French catalogs are module state (i18n/language.ts,
  // catalogs.ts, area.tsx), kept with the module graph. A French catalog kept for the next file
  // hangs that file's French tests: the provider's first render is then French at once, an area's
  // French part (not yet here) is suspended on with `use` inside the synchronous `act` of
  // testing-library's `render`, and React, told that a promise was used, leaves the rest of the
  // render in act's queue, which is dropped when that `act` returns. The root keeps act's stand-in
  // for its scheduled task, so the promise's answer finds a task "already scheduled" and the page is
  // never rendered (an empty <div />). On a new page the provider first renders nothing and the
  // French parts are suspended on later, outside `act`, as here once they are forgotten.
  resetLanguageForTests();
  resetCatalogsForTests();
  resetMessageAreasForTests();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  // <html lang> and the class and style a dialog puts on <body> (react-bootstrap's modal-open, overflow).
  for (const element of [document.documentElement, document.body]) {
    for (const attribute of [...element.attributes]) element.removeAttribute(attribute.name);
  }
  window.history.replaceState(null, '', '/');
});
