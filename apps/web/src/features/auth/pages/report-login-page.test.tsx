/** The report login in French: its built-in words (the content service down) come from the French catalog. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetLanguageForTests, setLanguage } from '../../../i18n/language.ts';
import { FakeDeliveryService } from '../../../testing/fake-delivery.ts';
import { CODES_BY_TEST_TOKEN, mockApi, renderApp } from '../../../testing/render-app.tsx';

describe('report login in French', () => {
  afterEach(() => {
    setLanguage('en');
    resetLanguageForTests();
  });

  it('labels the form and lists its rule messages in French, the configured domain in them', async () => {
    setLanguage('fr-CA');
    mockApi();
    const user = userEvent.setup();
    renderApp('/reportLogin', { delivery: new FakeDeliveryService({ codesForToken: CODES_BY_TEST_TOKEN, failWith: 503 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion aux rapports des détaillants' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Courriel de l’entreprise (nom@corp.example.com)'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(within(screen.getByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Veuillez saisir l’adresse courriel de votre entreprise, qui se termine par @corp.example.com.',
      'Le code de rapport est obligatoire.',
    ]);
  });
});
