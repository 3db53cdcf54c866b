import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loadCatalog } from '../../../i18n/catalogs.ts';
import { pageText } from '../../../i18n/page-text.ts';
import { resetLanguageForTests, setLanguage } from '../../../i18n/language.ts';
import { ErrorAlert, Loading, errorMessage } from './query-state.tsx';

afterEach(() => {
  window.localStorage.clear();
  resetLanguageForTests();
});

describe('a list’s loading and failure states', () => {
  it('speak the page’s language, with or without the messages’ provider', async () => {
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(errorMessage(null)).toBe('Something went wrong.');
    await loadCatalog('fr-CA');
    setLanguage('fr-CA');
    render(<ErrorAlert error={null} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Une erreur s’est produite.');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').at(-1)).toHaveTextContent('Chargement…');
    // The API calls' own fallbacks (an answer without a message) too.
    expect(pageText('api.registrationReadFailed')).toBe('L’inscription n’a pas pu être lue.');
    expect(pageText('api.reportReadFailed')).toBe('La réponse du rapport n’a pas pu être lue.');
  });
});
