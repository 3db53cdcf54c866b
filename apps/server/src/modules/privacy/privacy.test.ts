/**
 * Personal data (docs/privacy.md): an attendee's own data and erasure request, an organizer's
 * export and erasure, checked by a walk of the database catalogue (test/catalogue-walk.ts) that
 * finds neither the name nor the e-mail afterwards, with every report figure unchanged.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, PRIVACY_PATHS, WEBHOOK_PATHS, personalDataSchema, type LoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { bearer, buildTestApp, DEMO, login, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { findInCatalogue, walkedColumns } from '../../testing/catalogue-walk.ts';
import { confirmEmailFromOutbox, mailsTo } from '../../testing/mail-helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { startReceiver, type Receiver } from '../../testing/webhook-receiver.ts';
import { enrolThroughLink } from '../../testing/enrol-through-link.ts';

const FIRST = 'Zebulon';
const LAST = 'Quasthoff';
/** Typed with capitals on the hosted page: stored lower-case, searched case-insensitively. */
const TYPED_EMAIL = 'Zebulon.Quasthoff@morgan-motors.example.com';
const EMAIL = TYPED_EMAIL.toLowerCase();
const NEEDLES = [EMAIL, FIRST, LAST, `${FIRST} ${LAST}`];

const path = (p: string, id: number) => p.replace('{id}', String(id));

let t: TestApp;
let smtp: SmtpCatcher;
let receiver: Receiver;
let organizer: Record<string, string>;
let corp: Record<string, string>;
let zebulon: LoginData;
let personId: number;
let revisitToken: string;

/** Figures, not names: every value but the ones that name someone (names, e-mails, login ids). */
function figuresOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(figuresOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !/name|mail|loginid/i.test(key)).map(([key, v]) => [key, figuresOf(v)]));
  }
  return value;
}

async function reportFigures() {
  const post = async (level: string, body: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/Report/GetEnrollments?reportLevel=${level}`, headers: corp, payload: { region: '', zone: '', district: '', select: '', ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const store = await t.app.inject({ method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Region', headers: corp, payload: { region: '010', zone: '', district: '', select: '' } });
  expect(store.statusCode, store.body).toBe(200);
  const attendees = [];
  for (const rptType of [1, 2, 3, 4, 5]) {
    const res = await t.app.inject({ method: 'GET', url: `/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=${rptType}`, headers: corp });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().data.dataSet?.table ?? res.json().data.table ?? []) as Record<string, unknown>[];
    attendees.push(figuresOf(rows));
  }
  const counts = await t.database.db.execute(sql`
    select (select json_agg(s order by event_id, store_dlrnum) from store_enrollment_counts s) as stores,
      (select json_agg(d order by event_id, district_code) from district_enrollment_counts d) as districts,
      (select json_agg(z order by event_id, zone_code) from zone_enrollment_counts z) as zones`);
  return { regions: await post('Region'), store: figuresOf(store.json().data), attendees, counts: JSON.stringify(counts) };
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // Demo mode and WEBHOOK_ALLOW_PRIVATE: the webhook endpoint below may be an http:// receiver on loopback.
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: 'true', DEMO_DATA: 'true' }, mailDelivery: { pollMs: 50, backoffBaseMs: 50 } });
  const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  expect(res.statusCode, res.body).toBe(200);
  organizer = bearer((res.json() as { data: { accessToken: string } }).data.accessToken);
  corp = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
  // A webhook endpoint: the registration's and the person's changes are queued with their name in the body.
  receiver = await startReceiver();
  const hook = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATHS.webhooks,
    headers: organizer,
    payload: { url: receiver.url, events: ['registration.created', 'registration.updated', 'person.updated'], description: 'CRM' },
  });
  expect(hook.statusCode, hook.body).toBe(201);

  // Pat enrols a new colleague, who types their own address on the hosted page and confirms it.
  const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
  await enrolThroughLink(t.app, pat.accessToken, { firstName: FIRST, lastName: LAST }, { email: TYPED_EMAIL, arrivalDate: '2027-03-01', departureDate: '2027-03-03' });
  await confirmEmailFromOutbox(t.app, t.database.db, EMAIL);
  zebulon = await loginAs(t.app, EMAIL, 'DEALER27');
  const [person] = await t.database.db.select().from(schema.people).where(eq(schema.people.email, EMAIL));
  personId = person!.id;

  // Their mails go out over SMTP, so bodies and the calendar file are stored with the rows.
  await t.app.mailDelivery.drain();
  expect((await mailsTo(t.database.db, EMAIL)).every((m) => m.status === 'sent')).toBe(true);
  // A link to their registration, issued before the erasure.
  const revisit = await t.app.inject({ method: 'GET', url: '/api/Enrollment/GetRevisitURL', headers: bearer(zebulon.accessToken) });
  revisitToken = new URL((revisit.json() as { data: string }).data).pathname.split('/').pop()!;
  // A failed login typed in capitals, an organizer's edit naming them, a job payload naming them.
  expect((await login(t.app, { userName: TYPED_EMAIL.toUpperCase(), password: 'WRONG-CODE' })).json()).toMatchObject({ succeeded: false });
  await t.app.auditLog.flush();
  const edit = await t.app.inject({ method: 'PUT', url: path(ADMIN_PATHS.person, personId), headers: organizer, payload: { company: `${LAST} Holdings` } });
  expect(edit.statusCode, edit.body).toBe(200);
  t.app.jobs.handle('privacy-test-payload', async () => undefined);
  await t.app.jobs.start();
  expect(await t.app.jobs.send('privacy-test-payload', { to: TYPED_EMAIL, name: `${FIRST} ${LAST}`, note: `Call ${FIRST} about ${LAST.toUpperCase()}` })).toBeTruthy();
  // A table added later, in a schema of its own: the walk and the erasure both reach it.
  await t.database.db.execute(sql`create schema if not exists later_feature`);
  await t.database.db.execute(sql`create table later_feature.deliveries (id serial primary key, body jsonb, raw bytea, tags text[])`);
  await t.database.db.execute(sql`insert into later_feature.deliveries (body, raw, tags) values
    (${JSON.stringify({ attendee: { email: EMAIL, name: `${FIRST} ${LAST}` } })}::jsonb, convert_to(${`To: ${FIRST} ${LAST} <${TYPED_EMAIL}>`}, 'UTF8'), array[${EMAIL.toUpperCase()}, 'other'])`);
}, 120_000);

/** The path of the link in the newest mail to the attendee whose subject matches, as their mail client shows it. */
async function mailedLink(subject: RegExp, prefix: string): Promise<string> {
  await t.app.mailDelivery.drain();
  const mail = [...smtp.mails].reverse().find((m) => JSON.stringify(m.to).toLowerCase().includes(EMAIL) && subject.test(m.subject ?? ''));
  const link = mail?.text?.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname.startsWith(prefix));
  if (!link) throw new Error(`no mail to ${EMAIL} matching ${subject} with a ${prefix} link`);
  return new URL(link).pathname;
}

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await receiver?.close();
});

describe('a signed-in attendee', () => {
  it('gets their data only through a one-time link mailed to their own address: the session learns where, masked', async () => {
    const res = await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.myData, headers: bearer(zebulon.accessToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // The session gets no data (no login IP addresses, no registrations): only where the link went.
    expect(res.json().data).toEqual({ sentTo: 'z***@m***.com' });
    expect(res.body).not.toContain(EMAIL);
    expect(res.body).not.toContain(LAST);
    // Asked again a moment later: the same answer, no second mail.
    const again = await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.myData, headers: bearer(zebulon.accessToken) });
    expect(again.json().data).toEqual({ sentTo: 'z***@m***.com' });
    expect(await mailsTo(t.database.db, EMAIL, 'confirm-action')).toHaveLength(1);

    const path = await mailedLink(/download your data/, '/my-data/');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Download my data');
    const download = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="my-data-nbc.json"');
    expect(download.headers['cache-control']).toBe('no-store');
    const data = personalDataSchema.parse(download.json());
    expect(data.person).toMatchObject({ id: personId, email: EMAIL, firstName: FIRST, lastName: LAST, storeDlrnum: '10001', company: `${LAST} Holdings`, erasedAt: null });
    expect(data.registrations).toHaveLength(1);
    expect(data.registrations[0]).toMatchObject({ event: 'nbc', status: 'Enrolled', arrivalDate: '2027-03-01', departureDate: '2027-03-03', registeredBySelf: false });
    expect(data.registrations[0]!.history.map((h) => h.action)).toEqual(expect.arrayContaining(['enrollment-link', 'registration-enrolled']));
    // Someone else's address never shows in it: Pat enrolled them.
    expect(JSON.stringify(data)).not.toContain(DEMO.em);
    expect(data.mails.map((m) => m.kind).sort()).toEqual(['confirm-action', 'confirm-email', 'registration-confirmed']);
    expect(data.mails.every((m) => m.status === 'sent' && m.subject && m.sentAt)).toBe(true);
    expect(data.checkIns).toEqual([]);
    expect(data.consents).toEqual([expect.objectContaining({ kind: 'email-confirmation', state: 'confirmed' })]);
    expect(data.activity.map((a) => a.action)).toEqual(expect.arrayContaining(['login', 'self-data-export-mailed']));

    // Once: the link is used up. The self-export is audited.
    expect((await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/my-data/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    // A French browser reads the page in French.
    const used = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' } });
    expect(used.statusCode).toBe(409);
    expect(used.body).toContain('<html lang="fr-CA">');
    expect(used.body).toContain('Ce lien ne peut pas être utilisé');
    expect(used.body).toContain('Ce lien a déjà servi.');
    expect(used.body).toContain('Aller au portail');
    const audit = await t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.audit}?action=self-data-export`, headers: organizer });
    expect(audit.json().data.rows[0]).toMatchObject({ detail: { personId } });
  });

  it('is refused for a report login (no attendee record) and without a token', async () => {
    const reports = await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true });
    expect((await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.myData, headers: bearer(reports.accessToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.myData })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.myData, headers: organizer })).statusCode).toBe(403);
  });

  it('asks for erasure, filed only once confirmed through the link mailed to them; the request shows in the console', async () => {
    const first = await t.app.inject({ method: 'POST', url: PRIVACY_PATHS.myErasureRequest, headers: bearer(zebulon.accessToken) });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toEqual({ sentTo: 'z***@m***.com' });
    // Nothing filed yet: a session alone files no request in someone's name.
    const none = await t.app.inject({ method: 'GET', url: `${PRIVACY_PATHS.erasureRequests}?status=open`, headers: organizer });
    expect(none.json().data.total).toBe(0);

    const path = await mailedLink(/confirm your erasure request/, '/confirm-erasure/');
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Send my erasure request');
    expect((await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'fr' } })).body).toContain('Envoyer ma demande d’effacement');
    // The mailed link names the mail's language (the person's); the page opens in it whatever the
    // browser's, unless the reader chose a language in the portal (its cookie).
    await t.app.mailDelivery.drain();
    const mailText = [...smtp.mails].reverse().find((m) => /confirm your erasure request/.test(m.subject ?? ''))?.text ?? '';
    expect(mailText).toMatch(/\/confirm-erasure\/[\w-]+\?lang=en\b/);
    expect((await t.app.inject({ method: 'GET', url: `${path}?lang=fr-CA`, headers: { 'accept-language': 'en-US' } })).body).toContain('Envoyer ma demande d’effacement');
    expect((await t.app.inject({ method: 'GET', url: `${path}?lang=fr-CA`, headers: { 'accept-language': 'fr', cookie: 'portal_language=en' } })).body).toContain('Send my erasure request');
    const confirmed = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.body).toContain('Your request has been sent to the event team.');
    expect((await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).statusCode).toBe(409);
    const list = await t.app.inject({ method: 'GET', url: `${PRIVACY_PATHS.erasureRequests}?status=open`, headers: organizer });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, rows: [{ personId, firstName: FIRST, lastName: LAST, email: EMAIL, status: 'open' }] });
    // Only organizers read the list.
    expect((await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.erasureRequests, headers: bearer(zebulon.accessToken) })).statusCode).toBe(403);
  });
});

describe('an organizer', () => {
  it('reads a person\'s data for a request made by phone, and that is audited', async () => {
    const res = await t.app.inject({ method: 'GET', url: path(PRIVACY_PATHS.personData, personId), headers: organizer });
    expect(res.statusCode, res.body).toBe(200);
    expect(personalDataSchema.parse(res.json().data).person.email).toBe(EMAIL);
    const audit = await t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.audit}?action=admin-person-data-export`, headers: organizer });
    expect(audit.json().data.rows[0]).toMatchObject({ actorEmail: DEMO_ORGANIZER.email, organizerId: expect.any(Number), detail: { personId } });
    expect((await t.app.inject({ method: 'GET', url: path(PRIVACY_PATHS.personData, 999_999), headers: organizer })).statusCode).toBe(404);
  });

  it('must give a reason to erase; a missing person answers 404', async () => {
    const none = await t.app.inject({ method: 'POST', url: path(PRIVACY_PATHS.personErase, personId), headers: organizer, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    expect((await t.app.inject({ method: 'POST', url: path(PRIVACY_PATHS.personErase, 999_999), headers: organizer, payload: { reason: 'asked by phone' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: path(PRIVACY_PATHS.personErase, personId), headers: bearer(zebulon.accessToken), payload: { reason: 'me' } })).statusCode).toBe(403);
  });

  it('erases the person: the catalogue walk finds neither name nor e-mail, and every report figure stays', async () => {
    const columns = await walkedColumns(t.database.db);
    // The walk reaches pg-boss's tables and the table added later, not only the portal's own.
    expect(columns.some((c) => c.schema === 'pgboss' && c.table === 'job' && c.column === 'data')).toBe(true);
    expect(columns.some((c) => c.schema === 'later_feature' && c.dataType === 'bytea')).toBe(true);
    const before = await findInCatalogue(t.database.db, NEEDLES);
    const tablesBefore = new Set(before.map((f) => `${f.schema}.${f.table}`));
    for (const table of ['public.people', 'public.mail_outbox', 'public.audit_log', 'public.email_verifications', 'public.webhook_deliveries', 'later_feature.deliveries']) expect(tablesBefore).toContain(table);
    expect([...tablesBefore].some((table) => table.startsWith('pgboss.'))).toBe(true);
    const figures = await reportFigures();

    const res = await t.app.inject({ method: 'POST', url: path(PRIVACY_PATHS.personErase, personId), headers: organizer, payload: { reason: `Asked by phone: ${FIRST} ${LAST}, ${TYPED_EMAIL}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ personId, counts: { people: 1, mails: 4, emailConfirmations: 1, erasureRequests: 1 } });

    expect(await findInCatalogue(t.database.db, NEEDLES)).toEqual([]);
    expect(await reportFigures()).toEqual(figures);

    // The erasure is audited with the organizer and the reason (without the name in it).
    const audit = await t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.audit}?action=admin-person-erase`, headers: organizer });
    expect(audit.json().data.rows[0]).toMatchObject({ actorEmail: DEMO_ORGANIZER.email, detail: { personId, reason: 'Asked by phone: [erased], [erased]' } });
    // The console shows the person as erased, the request as done.
    const person = await t.app.inject({ method: 'GET', url: path(ADMIN_PATHS.person, personId), headers: organizer });
    expect(person.json().data).toMatchObject({ email: null, firstName: 'Erased', lastName: 'person', storeDlrnum: '10001', erasedAt: expect.any(String) });
    const requests = await t.app.inject({ method: 'GET', url: `${PRIVACY_PATHS.erasureRequests}?status=open`, headers: organizer });
    expect(requests.json().data.total).toBe(0);
    // A second erasure has nothing to do.
    expect((await t.app.inject({ method: 'POST', url: path(PRIVACY_PATHS.personErase, personId), headers: organizer, payload: { reason: 'again' } })).statusCode).toBe(409);
  });

  it('leaves the person unable to log in, their session ended and their links dead', async () => {
    expect((await login(t.app, { userName: EMAIL, password: 'DEALER27' })).json()).toMatchObject({ succeeded: false });
    expect((await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.myData, headers: bearer(zebulon.accessToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/Enrollment/GetRevisitURL', headers: bearer(zebulon.accessToken) })).statusCode).toBe(401);
    const link = await t.app.inject({ method: 'GET', url: `/api/Registration/${revisitToken}` });
    expect([404, 409, 410]).toContain(link.statusCode);
    // Nothing is mailed to them any more: no row to their old address, none queued to the marker.
    await t.app.mailDelivery.drain();
    expect(smtp.mails.filter((m) => JSON.stringify(m.to).toLowerCase().includes('erased-'))).toEqual([]);
  });
});
