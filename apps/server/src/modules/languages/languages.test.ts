import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runtimeConfigSchema, type RuntimeConfig, type SetLanguageData } from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, body, buildTestApp, DEMO, injectAs, login, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { enrolThroughLink } from '../../testing/enrol-through-link.ts';

describe('the person\'s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 20 });
  });
  afterAll(() => t.close());

  const personLanguage = async (email: string) => {
    const [row] = await t.database.db.select({ language: schema.people.language }).from(schema.people).where(eq(schema.people.email, email));
    return row?.language;
  };
  const reportUserLanguage = async (email: string) => {
    const [row] = await t.database.db.select({ language: schema.reportUsers.language }).from(schema.reportUsers).where(eq(schema.reportUsers.email, email));
    return row?.language;
  };

  it('is kept on the person at login, answered back, and kept when a later login sends none', async () => {
    expect(await personLanguage(DEMO.gm)).toBeNull();
    const first = await loginAs(t.app, DEMO.gm, 'DEALER27');
    expect(first.language).toBe('en');
    const french = await loginAs(t.app, DEMO.gm, 'DEALER27', { language: 'fr-CA' });
    expect(french.language).toBe('fr-CA');
    expect(await personLanguage(DEMO.gm)).toBe('fr-CA');
    const again = await loginAs(t.app, DEMO.gm, 'DEALER27');
    expect(again.language).toBe('fr-CA');
    expect(await personLanguage(DEMO.gm)).toBe('fr-CA');
  });

  it('is set on a person a login creates', async () => {
    const data = await loginAs(t.app, 'nouvelle.venue@traveller.example.org', 'EXPO27', { language: 'fr-CA' });
    expect(data.language).toBe('fr-CA');
    expect(await personLanguage('nouvelle.venue@traveller.example.org')).toBe('fr-CA');
  });

  it('is kept on the report user at the report login', async () => {
    const data = await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true, language: 'fr-CA' });
    expect(data.language).toBe('fr-CA');
    expect(await reportUserLanguage(DEMO.reports)).toBe('fr-CA');
  });

  it('refuses a language the portal does not have (400 naming the field)', async () => {
    const res = await login(t.app, { userName: DEMO.em, password: 'DEALER27', language: 'de' as never });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.map((e) => e.field)).toContain('language');
  });

  it('changes with PUT /api/Me/Language for an attendee and a report user', async () => {
    const attendee = await loginAs(t.app, DEMO.em, 'DEALER27');
    const res = await injectAs(t.app, attendee.accessToken, 'PUT', '/api/Me/Language', { language: 'fr-CA' });
    expect(res.statusCode).toBe(200);
    expect(body<SetLanguageData>(res).data).toEqual({ language: 'fr-CA' });
    expect(await personLanguage(DEMO.em)).toBe('fr-CA');
    const back = await injectAs(t.app, attendee.accessToken, 'PUT', '/api/Me/Language', { language: 'en' });
    expect(back.statusCode).toBe(200);
    expect(await personLanguage(DEMO.em)).toBe('en');

    const reports = await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true });
    expect((await injectAs(t.app, reports.accessToken, 'PUT', '/api/Me/Language', { language: 'en' })).statusCode).toBe(200);
    expect(await reportUserLanguage(DEMO.reports)).toBe('en');
  });

  it('PUT /api/Me/Language needs a token and a known language', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/Me/Language', payload: { language: 'fr-CA' } });
    expect(anonymous.statusCode).toBe(401);
    const attendee = await loginAs(t.app, DEMO.em, 'DEALER27');
    const wrong = await injectAs(t.app, attendee.accessToken, 'PUT', '/api/Me/Language', { language: 'fr-FR' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors?.map((e) => e.field)).toContain('language');
  });

  it('GET /api/Config lists the languages, the default first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Config' });
    const config = runtimeConfigSchema.parse(body<RuntimeConfig>(res).data);
    expect(config.languages).toEqual([
      { code: 'en', name: 'English' },
      { code: 'fr-CA', name: 'Français' },
    ]);
  });

  describe('server messages in the reader\'s language', () => {
    const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };

    it('refuses a login in French when the login page sent fr-CA, or the browser prefers French', async () => {
      const byBody = await login(t.app, { userName: DEMO.em, password: 'WRONG-CODE', language: 'fr-CA' });
      expect(byBody.statusCode).toBe(200);
      expect(body(byBody)).toEqual({ succeeded: false, message: 'L’adresse courriel ou le code d’accès n’est pas valide.', data: null });
      const byHeader = await login(t.app, { userName: DEMO.em, password: 'WRONG-CODE' }, FRENCH);
      expect(body(byHeader).message).toBe('L’adresse courriel ou le code d’accès n’est pas valide.');
      const english = await login(t.app, { userName: DEMO.em, password: 'WRONG-CODE' }, { 'accept-language': 'en-CA,fr;q=0.8' });
      expect(body(english).message).toBe('The e-mail address or access code is not valid.');
      // The login page's choice wins over the browser's.
      const chosen = await login(t.app, { userName: DEMO.em, password: 'WRONG-CODE', language: 'en' }, FRENCH);
      expect(body(chosen).message).toBe('The e-mail address or access code is not valid.');
    });

    it('answers validation errors, 401 and 409 in French', async () => {
      const invalid = await login(t.app, { userName: 'pas-une-adresse', password: 'x' }, FRENCH);
      expect(invalid.statusCode).toBe(400);
      const answer = body(invalid);
      expect(answer.errors).toEqual([{ field: 'userName', message: 'userName\u00a0: doit être une adresse courriel' }]);
      expect(answer.message).toBe('Corps de la requête non valide\u00a0: userName\u00a0: doit être une adresse courriel');

      const anonymous = await t.app.inject({ method: 'PUT', url: '/api/Me/Language', payload: { language: 'fr-CA' }, headers: FRENCH });
      expect(anonymous.statusCode).toBe(401);
      expect(body(anonymous).message).toBe('Vous devez vous connecter.');

      const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
      await enrolThroughLink(t.app, pat.accessToken, { firstName: 'Dominique', lastName: 'Gagnon' }, { email: 'dominique.gagnon@morgan-motors.example.com', arrivalDate: '2027-03-01', departureDate: '2027-03-02' });
      const again = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: { ...bearer(pat.accessToken), ...FRENCH }, payload: { firstName: 'Dominique', lastName: 'Gagnon' } });
      expect(again.statusCode).toBe(409);
      expect(body(again).message).toBe('Dominique Gagnon est déjà inscrit à cet événement.');
      const inEnglish = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(pat.accessToken), payload: { firstName: 'Dominique', lastName: 'Gagnon' } });
      expect(body(inEnglish).message).toBe('Dominique Gagnon is already registered for this event.');
    });
  });
});
