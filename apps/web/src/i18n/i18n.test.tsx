import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { defineMessageArea, MessagesArea } from './area.tsx';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from './provider.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { LANGUAGE_COOKIE as SERVER_LANGUAGE_COOKIE, LINK_LANGUAGE_PARAM as SERVER_LINK_LANGUAGE_PARAM } from '@portal/contracts/rules';
import { currentLanguage, initialLanguage, matchLanguage, resetLanguageForTests, setLanguage, setLanguageStorageKey, LANGUAGE_COOKIE, LINK_LANGUAGE_PARAM } from './language.ts';
import { formatDate, formatNumber, formatPercent } from './format.ts';
import { useFormat, useT } from './use-t.ts';
import { clearSession } from '../lib/user-storage.ts';

function Sample() {
  const t = useT();
  const fmt = useFormat();
  return (
    <p>
      <span data-testid="text">{t('landing.title')}</span>
      <span data-testid="number">{fmt.number(5000)}</span>
    </p>
  );
}

function setBrowserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}

beforeEach(() => {
  window.localStorage.clear();
  resetLanguageForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  resetLanguageForTests();
  document.documentElement.lang = 'en';
});

describe('the reader’s language', () => {
  it('follows the browser’s languages: any French reads fr-CA, else English', () => {
    expect(matchLanguage(['fr-FR', 'en'])).toBe('fr-CA');
    expect(matchLanguage(['fr'])).toBe('fr-CA');
    expect(matchLanguage(['de-DE', 'en-GB', 'fr'])).toBe('en');
    expect(matchLanguage(['de-DE'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });

  it('a stored choice wins over the browser, survives a logout and sets <html lang>', () => {
    setBrowserLanguages(['fr-CA']);
    expect(initialLanguage()).toBe('fr-CA');
    setLanguage('en');
    expect(initialLanguage()).toBe('en');
    setLanguage('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
    clearSession();
    resetLanguageForTests();
    expect(currentLanguage()).toBe('fr-CA');
  });

  it('a mailed link’s language (?lang=) opens the page in it, unless the reader chose one; it is not stored', () => {
    setBrowserLanguages(['en-US']);
    window.history.replaceState(null, '', '/register/abc?lang=fr-CA');
    try {
      expect(initialLanguage()).toBe('fr-CA');
      expect(window.localStorage.getItem('portal.language')).toBeNull();
      window.history.replaceState(null, '', '/register/abc?lang=xx');
      expect(initialLanguage()).toBe('en');
      window.history.replaceState(null, '', '/register/abc?lang=fr-CA');
      setLanguage('en');
      expect(initialLanguage()).toBe('en');
    } finally {
      window.history.replaceState(null, '', '/');
      document.cookie = 'portal_language=; Path=/; Max-Age=0';
    }
  });

  it('mirrors the portal’s choice into a cookie for the pages the server writes; the door’s choice stays out of it', () => {
    document.cookie = 'portal_language=; Path=/; Max-Age=0';
    setBrowserLanguages(['en-US']);
    expect(initialLanguage()).toBe('en');
    expect(document.cookie).not.toContain('portal_language');
    setLanguage('fr-CA');
    expect(document.cookie).toContain('portal_language=fr-CA');
    setLanguage('en');
    expect(document.cookie).toContain('portal_language=en');
    // A choice stored before the cookie existed is mirrored when a page starts.
    document.cookie = 'portal_language=; Path=/; Max-Age=0';
    window.localStorage.setItem('portal.language', 'fr-CA');
    resetLanguageForTests();
    expect(currentLanguage()).toBe('fr-CA');
    expect(document.cookie).toContain('portal_language=fr-CA');
    setLanguageStorageKey('portal.checkin.language');
    setLanguage('en');
    expect(document.cookie).toContain('portal_language=fr-CA');
    document.cookie = 'portal_language=; Path=/; Max-Age=0';
  });
});

describe('the language cookie', () => {
  it('has the name the server reads, and mailed links the parameter the server writes', () => {
    expect(LANGUAGE_COOKIE).toBe(SERVER_LANGUAGE_COOKIE);
    expect(LINK_LANGUAGE_PARAM).toBe(SERVER_LINK_LANGUAGE_PARAM);
  });
});

describe('formatting through Intl', () => {
  it('writes dates, numbers and percentages as each language does', () => {
    expect(formatDate('2027-03-01', 'fr-CA')).toBe('1 mars 2027');
    expect(formatDate('2027-03-01', 'en')).toBe('March 1, 2027');
    expect(formatNumber(5000, 'fr-CA').replace(/\s/gu, ' ')).toBe('5 000');
    expect(formatNumber(5000, 'en')).toBe('5,000');
    expect(formatPercent(0.499, 'fr-CA')).toMatch(/^49,9[\u00a0\u202f]%$/u);
    expect(formatPercent(0.499, 'en')).toBe('49.9%');
  });
});

describe('the provider and the switch', () => {
  it('renders English by default, loads the French catalog on the switch, and back', async () => {
    const user = userEvent.setup();
    render(
      <I18nProvider>
        <LanguageSwitch />
        <Sample />
      </I18nProvider>,
    );
    expect(screen.getByTestId('text')).toHaveTextContent('Event portal');
    expect(screen.getByTestId('number')).toHaveTextContent('5,000');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('Portail des événements'));
    expect(screen.getByTestId('number').textContent?.replace(/\s/gu, ' ')).toBe('5 000');
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Français' })).toHaveAttribute('lang', 'fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(window.localStorage.getItem('portal.language')).toBe('fr-CA');

    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('Event portal'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('a French reader’s page starts in French once the catalog is here', async () => {
    setBrowserLanguages(['fr-CA', 'en']);
    render(
      <I18nProvider>
        <Sample />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('Portail des événements'));
    act(() => setLanguage('en'));
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('Event portal'));
  });

  it('an area adds its part below it: English at once, French fetched and suspended on, base messages kept', async () => {
    let fetches = 0;
    const area = defineMessageArea('sample', { 'sample.hello': 'Hello, {name}!' }, () => {
      fetches += 1;
      return Promise.resolve({ 'sample.hello': 'Bonjour, {name}\u00a0!' });
    });
    function Hello() {
      const intl = useIntl();
      return (
        <p>
          <span data-testid="hello">{intl.formatMessage({ id: 'sample.hello' }, { name: 'Dana' })}</span>
          <span data-testid="base">{intl.formatMessage({ id: 'landing.title' })}</span>
        </p>
      );
    }
    render(
      <I18nProvider>
        <Suspense fallback={<p>Loading</p>}>
          <MessagesArea area={area}>
            <Hello />
          </MessagesArea>
        </Suspense>
      </I18nProvider>,
    );
    expect(screen.getByTestId('hello')).toHaveTextContent('Hello, Dana!');
    expect(screen.getByTestId('base')).toHaveTextContent('Event portal');
    expect(fetches).toBe(0);

    await act(async () => setLanguage('fr-CA'));
    await waitFor(() => expect(screen.getByTestId('hello')).toHaveTextContent(/^Bonjour, Dana\s!$/u));
    expect(screen.getByTestId('base')).toHaveTextContent('Portail des événements');
    await act(async () => setLanguage('en'));
    await waitFor(() => expect(screen.getByTestId('hello')).toHaveTextContent('Hello, Dana!'));
    await act(async () => setLanguage('fr-CA'));
    await waitFor(() => expect(screen.getByTestId('hello')).toHaveTextContent(/^Bonjour, Dana\s!$/u));
    expect(fetches).toBe(1);
  });
});
