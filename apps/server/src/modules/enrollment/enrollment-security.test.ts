/**
 * Enrolling colleagues never hands out a link into someone else's completed
 * registration, never renames anyone but the caller, and a new link retires the older unused ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EnrollmentLinkRequest, LoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { EXPIRED_LINK_MESSAGE } from '../../lib/registration-tokens.ts';

const { registrations, registrationTokens, people } = schema;
const LINK = '/api/Enrollment/GetBuiltinLink';
const REVISIT = '/api/Enrollment/GetRevisitURL';

const requestLink = (app: FastifyInstance, token: string, body: Partial<EnrollmentLinkRequest>) =>
  app.inject({ method: 'POST', url: LINK, headers: bearer(token), payload: { isManager: false, isGeneralManager: false, isVirtual: true, ...body } });

function tokenOf(link: string): string {
  const token = /\/register\/([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
  if (!token) throw new Error(`not a builtin link: ${link}`);
  return token;
}

describe('enrolling colleagues', () => {
  let t: TestApp;
  let pat: LoginData;
  let jordan: LoginData;

  beforeAll(async () => {
    t = await buildTestApp({ stores: 20 });
    pat = await loginAs(t.app, DEMO.em, 'DEALER27');
    jordan = await loginAs(t.app, DEMO.gm, 'DEALER27');
  });
  afterAll(() => t.close());

  async function jordanRow() {
    const [row] = await t.database.db
      .select({ registration: registrations, firstName: people.firstName, lastName: people.lastName })
      .from(people)
      .leftJoin(registrations, and(eq(registrations.attendeeId, people.id), eq(registrations.eventId, 'nbc')))
      .where(eq(people.email, DEMO.gm));
    return row!;
  }

  it("never renames a colleague: the manager's roster name stays as it is", async () => {
    const res = await requestLink(t.app, pat.accessToken, { firstName: 'Jordy', lastName: 'Leigh', isManager: true, isGeneralManager: true, eventType: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await jordanRow();
    expect(row).toMatchObject({ firstName: 'Jordan', lastName: 'Lee' });
    expect(row.registration).toMatchObject({ status: 'Pending' });
  });

  it('answers a status, never a link, for a colleague who is already enrolled', async () => {
    // Jordan completes the registration Pat started.
    const own = await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(jordan.accessToken) });
    const token = tokenOf((own.json() as { data: string }).data);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/Registration/${token}`,
      payload: { action: 'submit', firstName: 'Jordan', lastName: 'Lee', email: DEMO.gm, isVirtual: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const enrolled = (await jordanRow()).registration!;
    expect(enrolled.status).toBe('Enrolled');
    const tokensBefore = await t.database.db.select().from(registrationTokens).where(eq(registrationTokens.registrationId, enrolled.id));

    const asks: Array<Partial<EnrollmentLinkRequest>> = [
      { firstName: 'Jordan', lastName: 'Lee', isManager: true, isGeneralManager: true, eventType: '1' },
      { firstName: 'jordan', lastName: 'LEE', eventType: 'nbc' },
    ];
    for (const body of asks) {
      const res = await requestLink(t.app, pat.accessToken, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ succeeded: false, message: 'Jordan Lee is already registered for this event.', data: null });
      expect(res.body).not.toMatch(/register\//);
    }
    // No new link was made, the registration is untouched.
    expect(await t.database.db.select().from(registrationTokens).where(eq(registrationTokens.registrationId, enrolled.id))).toHaveLength(tokensBefore.length);
    expect((await jordanRow()).registration).toEqual(enrolled);

    // Jordan still reaches their own registration.
    const revisit = await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(jordan.accessToken) });
    expect((revisit.json() as { data: string }).data).toMatch(/\/register\//);
  });

  it('retires the older unused links of a registration when a new one is issued', async () => {
    const corp = await loginAs(t.app, DEMO.corporate, 'CORP27');
    const first = tokenOf((await requestLink(t.app, corp.accessToken, { firstName: 'Corp', lastName: 'User' })).json().data);
    const second = tokenOf((await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(corp.accessToken) })).json().data);
    const old = await t.app.inject({ method: 'GET', url: `/api/Registration/${first}` });
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(EXPIRED_LINK_MESSAGE);
    expect((await t.app.inject({ method: 'GET', url: `/api/Registration/${second}` })).statusCode).toBe(200);

    const [person] = await t.database.db.select({ id: people.id }).from(people).where(eq(people.email, DEMO.corporate));
    const [registration] = await t.database.db.select().from(registrations).where(eq(registrations.attendeeId, person!.id));
    const live = await t.database.db
      .select()
      .from(registrationTokens)
      .where(and(eq(registrationTokens.registrationId, registration!.id), isNull(registrationTokens.usedAt)));
    expect(live.filter((row) => row.expiresAt.getTime() > Date.now())).toHaveLength(1);
  });
});
