import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runtimeConfigSchema, type RuntimeConfig, type SetLanguageData } from '@portal/contracts';
import { schema } from '@portal/db';
import { body, buildTestApp, DEMO, injectAs, login, loginAs, type TestApp } from '../../testing/build-test-app.ts';

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
});
