/**
 * Set-up for the web test files that run without isolation (root vitest.config.ts): a worker keeps
 * one jsdom window and one module graph from one file to the next, so what a file leaves on them is
 * put back after its last test, and the next file starts as it would in a window of its own.
 * Vitest runs this file again for every test file; the module below it (imported once per worker)
 * holds the window's properties as the first file found them.
 */
import { afterAll, vi } from 'vitest';
import { resetLanguageForTests } from '../i18n/language.ts';
import { restorePristineWindow } from './pristine-window.ts';

afterAll(() => {
  // Stubbed fetch, matchMedia and the like; fake timers a file left on; mocks (restoreMocks covers spies only).
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.clearAllMocks();
  restorePristineWindow();
  // The page's language is module state (i18n/language.ts), kept with the module graph.
  resetLanguageForTests();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  for (const attribute of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attribute.name);
  window.history.replaceState(null, '', '/');
});
