import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The page asks for the French catalog before its first render. When it arrives between the
 * provider's render (not there yet) and its effect, the provider must still show the page: it once
 * rendered nothing for good (the registration page opened blank about one time in five).
 */
const catalog = vi.hoisted(() => ({ readsBeforeArrival: 2, reads: 0 }));
vi.mock('./catalogs.ts', () => {
  // The render's two reads find nothing; by the effect, the fetch has landed.
  const loadedCatalog = (language: string) => {
    if (language === 'en') return { 'landing.title': 'Event portal' };
    catalog.reads += 1;
    return catalog.reads > catalog.readsBeforeArrival ? { 'landing.title': 'Portail des événements' } : undefined;
  };
  // As the real one: a catalog already here at once, else a fetch (this one never lands).
  const loadCatalog = (language: string) => {
    const ready = loadedCatalog(language);
    return ready ? Promise.resolve(ready) : new Promise(() => undefined);
  };
  return { loadedCatalog, loadCatalog };
});
vi.mock('./language.ts', () => ({ useLanguage: () => 'fr-CA' }));

const { I18nProvider } = await import('./provider.tsx');
const { useT } = await import('./use-t.ts');

function Title() {
  return <h1>{useT()('landing.title')}</h1>;
}

describe('the messages provider', () => {
  afterEach(() => {
    catalog.reads = 0;
  });

  it('shows a catalog that arrived between its render and its effect', async () => {
    // Rendered once, never again from outside: only the provider's effect can show the catalog.
    render(
      <I18nProvider>
        <Title />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Portail des événements' })).toBeInTheDocument();
  });
});
