/** The server's catalogs and language helpers: every message parses, French has every id, Intl formats by locale. */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { badgeTypeLabel } from '@portal/contracts';
import { en } from './en.ts';
import { frCA, SERVER_MESSAGES_FR } from './fr-CA.ts';
import { DEMO_QUESTIONS } from '../../demo/demo-questions.ts';
import { DEMO_PROGRAM } from '../../demo/demo-sessions.ts';
import { INVALID_LINK_MESSAGE } from '../registration-tokens.ts';
import { eventNameIn, formatNumber, instantUtc, longDate, negotiateLanguage, organizerText, pageLanguage, t, translateServerMessage } from './i18n.ts';

describe('server catalogs', () => {
  it('French has every English id, and every message of both parses as ICU MessageFormat', () => {
    expect(Object.keys(frCA).sort()).toEqual(Object.keys(en).sort());
    for (const [id, message] of [...Object.entries(en), ...Object.entries(frCA)]) {
      expect(() => new IntlMessageFormat(message, 'fr-CA'), id).not.toThrow();
    }
    for (const message of Object.values(SERVER_MESSAGES_FR)) expect(() => new IntlMessageFormat(message, 'fr-CA')).not.toThrow();
  });

  it('writes French with a no-break space before : ; ? ! and inside « »', () => {
    for (const message of [...Object.values(frCA), ...Object.values(SERVER_MESSAGES_FR)]) {
      expect(message).not.toMatch(/ [:;?!]|« | »/);
    }
  });

  it('formats plurals, dates and numbers in the reader\'s locale', () => {
    expect(t('fr-CA', 'mail.digest.bodySoFar', { scope: 'Région 010', event: 'X', changes: 1 })).toContain('1 inscription a changé');
    expect(t('fr-CA', 'mail.digest.bodySoFar', { scope: 'Région 010', event: 'X', changes: 3 })).toContain('3 inscriptions ont changé');
    expect(t('en', 'mail.digest.bodySoFar', { scope: 'Region 010', event: 'X', changes: 1 })).toContain('1 registration changed');
    expect(longDate('fr-CA', '2027-03-01')).toBe('lundi 1 mars 2027');
    expect(longDate('en', '2027-03-01')).toBe('Monday, March 1, 2027');
    expect(formatNumber('fr-CA', 5000)).toBe('5\u00a0000');
    expect(formatNumber('fr-CA', 0.499, { style: 'percent', maximumFractionDigits: 1 })).toBe('49,9\u00a0%');
    expect(instantUtc('fr-CA', '2027-02-03T14:05:00Z')).toBe('3 février 2027, 14 h 05 UTC');
  });

  it('picks the portal language an Accept-Language prefers', () => {
    expect(negotiateLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr-CA');
    expect(negotiateLanguage('fr')).toBe('fr-CA');
    expect(negotiateLanguage('en-CA,fr-CA;q=0.8')).toBe('en');
    expect(negotiateLanguage('de-DE,fr;q=0.5,en;q=0.4')).toBe('fr-CA');
    expect(negotiateLanguage('en;q=0.2,fr;q=0')).toBe('en');
    expect(negotiateLanguage('de')).toBeUndefined();
    expect(negotiateLanguage(undefined)).toBeUndefined();
  });

  it('translates the English server messages, carrying their values', () => {
    expect(translateServerMessage('fr-CA', 'Jordan Lee is already on the waiting list for this event.')).toBe('Jordan Lee est déjà sur la liste d’attente de cet événement.');
    // An event's name and a day carried into the French are written in French too.
    expect(translateServerMessage('fr-CA', 'Registration for National Business Conference 2027 closed on 2027-02-15.')).toBe(
      'Les inscriptions à l’événement Congrès national des affaires 2027 ont pris fin le 15 février 2027.',
    );
    expect(translateServerMessage('fr-CA', 'Registration for Spring Summit opens on 2027-02-15T17:00:00.000Z.')).toBe(
      'Les inscriptions à l’événement Spring Summit ouvrent le 15 février 2027, 17 h 00 UTC.',
    );
    expect(translateServerMessage('fr-CA', INVALID_LINK_MESSAGE)).toBe('Ce lien d’inscription n’est pas valide. Vérifiez que vous l’avez copié au complet.');
    expect(translateServerMessage('fr-CA', 'firstName must be at most 30 characters')).toBe('firstName\u00a0: 30 caractères au maximum');
    // Refusals of the registration, transfer and door paths, with their values carried over.
    expect(translateServerMessage('fr-CA', 'Spring Summit is full: all 200 places are taken.')).toBe('L’événement Spring Summit est complet\u00a0: les 200 places sont prises.');
    expect(translateServerMessage('fr-CA', 'Your place has passed to Dana Roy, who accepted it: this link no longer opens the registration.')).toBe('Votre place a été cédée à Dana Roy, qui l’a acceptée\u00a0: ce lien n’ouvre plus l’inscription.');
    expect(translateServerMessage('fr-CA', 'Changes to registrations for NBC closed on 2027-03-01. Please contact the help desk at 555-0100.')).toBe(
      'Les modifications aux inscriptions pour l’événement NBC ont pris fin le 1 mars 2027. Veuillez communiquer avec le service d’assistance\u00a0: 555-0100.',
    );
    // The help desk's telephone and address joined in French, not with the English "or".
    expect(translateServerMessage('fr-CA', 'Changes to registrations for NBC closed on 2027-03-01. Please contact the help desk at 555-0100 or desk@northwind.example.')).toBe(
      'Les modifications aux inscriptions pour l’événement NBC ont pris fin le 1 mars 2027. Veuillez communiquer avec le service d’assistance au 555-0100 ou à desk@northwind.example.',
    );
    expect(translateServerMessage('fr-CA', 'This pairing code has expired. Ask an organizer for a new one.')).toBe('Ce code de jumelage a expiré. Demandez-en un nouveau à un organisateur.');
    expect(translateServerMessage('fr-CA', 'Something no catalog knows.')).toBe('Something no catalog knows.');
    expect(translateServerMessage('en', 'Not found')).toBe('Not found');
  });

  it('reads a page’s language: the reader’s choice (cookie), else a mailed link’s, else the browser’s', () => {
    const page = (headers: Record<string, string>, query: Record<string, string> = {}) => pageLanguage({ headers, query });
    expect(page({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' })).toBe('fr-CA');
    expect(page({ 'accept-language': 'de-DE' })).toBe('en');
    expect(page({ 'accept-language': 'fr-CA', cookie: 'a=1; portal_language=en' })).toBe('en');
    expect(page({ 'accept-language': 'en-US', cookie: 'portal_language=fr-CA' })).toBe('fr-CA');
    expect(page({ 'accept-language': 'fr', cookie: 'portal_language=de' })).toBe('fr-CA');
    // The mail was in French: the link opens in French in an English browser, unless the reader chose English.
    expect(page({ 'accept-language': 'en-US' }, { lang: 'fr-CA' })).toBe('fr-CA');
    expect(page({ 'accept-language': 'en-US', cookie: 'portal_language=en' }, { lang: 'fr-CA' })).toBe('en');
    expect(page({ 'accept-language': 'fr-CA' }, { lang: 'xx' })).toBe('fr-CA');
  });

  it('gives the demo’s organizer data in French and leaves an organizer’s own words as entered', () => {
    expect(organizerText('fr-CA', 'Hotel room')).toBe('Chambre d’hôtel');
    expect(organizerText('fr-CA', 'Nut allergy')).toBe('Allergie aux noix');
    expect(organizerText('fr-CA', 'Room 201')).toBe('Salle 201');
    expect(organizerText('fr-CA', 'Opening keynote: the road to 2030')).toBe('Conférence d’ouverture\u00a0: cap sur 2030');
    // A pattern, its track's name looked up too.
    expect(organizerText('fr-CA', "Compliance breakout workshop. Seats are limited to the room's 60.")).toBe('Atelier du volet Conformité. La salle compte 60 places.');
    expect(organizerText('fr-CA', 'Hotel room (twin beds)')).toBe('Hotel room (twin beds)');
    expect(organizerText('en', 'Hotel room')).toBe('Hotel room');
    // Every demo text there is has its French, and the French keeps the catalog's typography.
    for (const text of [...DEMO_QUESTIONS.flatMap((q) => [q.label, q.help, ...(q.options ?? []).map((o) => o.label)]), ...DEMO_PROGRAM.flatMap((s) => [s.title, s.description, s.room, s.track])]) {
      if (!text || /^(XS|S|M|L|XL|XXL)$/.test(text)) continue;
      const french = organizerText('fr-CA', text);
      expect(french, text).not.toBe(text === 'Service' || text === 'Marketing' || text === 'Halal' ? '' : text);
      expect(french, text).not.toMatch(/ [:;?!]/);
    }
  });

  it('names the demo events and badge types in French', () => {
    expect(eventNameIn('fr-CA', 'nbc', 'National Business Conference 2027')).toBe('Congrès national des affaires 2027');
    expect(eventNameIn('fr-CA', 'xyz', 'Spring Summit')).toBe('Spring Summit');
    expect(eventNameIn('en', 'nbc', 'National Business Conference 2027')).toBe('National Business Conference 2027');
    expect(badgeTypeLabel('dealer', 'fr-CA')).toBe('Concessionnaire');
    expect(badgeTypeLabel('dealer')).toBe('Dealer');
  });
});
