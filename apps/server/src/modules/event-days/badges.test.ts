/**
 * Badges where the attendee and the organizer meet them: the confirmation mail (QR inline PNG over a
 * real SMTP server on loopback, code as text), the registration page's answer, the console's
 * registration detail, printed badges (PDF), walk-ins and same-store substitution.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  ADMIN_PATHS,
  CHECKIN_PATHS,
  EVENT_DAYS_ADMIN_PATHS,
  adminRegistrationDetailSchema,
  registrationPageSchema,
  scansDataSchema,
  substituteDataSchema,
  walkInDataSchema,
} from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { bearer, body, buildTestApp, injectAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { createBadgesService } from '../badges/badges.service.ts';
import { MailDelivery } from '../mail/delivery.ts';
import { queueRegistrationMail } from '../mail/mail.service.ts';
import { issueToken } from '../../lib/registration-tokens.ts';
import { pairedDoor } from './testing/paired-door.ts';


describe('badges, walk-ins and substitution', () => {
  let t: TestApp;
  let admin: string;
  const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) => injectAs(t.app, admin, method, url, payload);

  async function someEnrolled(offset = 0) {
    const [row] = rowsOf<{ id: number; email: string; store: string | null; version: number }>(
      await t.database.db.execute(sql`
        select r.id, p.email, r.store_dlrnum as store, b.version from registrations r join people p on p.id = r.attendee_id join badges b on b.registration_id = r.id
        where r.status = 'Enrolled' and r.event_id = 'nbc' and p.email not like '%.invalid' and r.store_dlrnum is not null and b.checked_in_at is null
        order by r.id limit 1 offset ${offset}`),
    );
    return row!;
  }

  const device = async (rights: { canWalkIn?: boolean; canSubstitute?: boolean }) => (await pairedDoor(t.app, admin, { event: 'nbc', ...rights })).token;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await loginOrganizer(t.app)).accessToken;
  });
  afterAll(async () => t?.close());

  it('the confirmation mail carries the badge: the QR as an inline PNG and the code as text', async () => {
    const smtp: SmtpCatcher = await startSmtpCatcher();
    const worker = new MailDelivery({ db: t.database.db, smtpUrl: smtp.url, from: { name: 'Events', address: 'events@portal.test' }, publicUrl: 'http://portal.test', badges: createBadgesService({ keys: t.app.badgeKeys }), pollMs: 50 });
    try {
      const reg = await someEnrolled();
      await t.database.db.transaction((tx) => queueRegistrationMail(tx, { kind: 'registration-confirmed', registrationId: reg.id, now: new Date() }));
      await worker.drain();
      const [mail] = await smtp.waitFor(1);
      const code = t.app.badgeKeys.sign({ registrationId: reg.id, eventId: 'nbc', version: reg.version });
      expect(mail!.text).toContain(`Badge code: ${code}`);
      // The parser inlines cid: images as data: URLs.
      expect(mail!.html).toMatch(/<img src="(cid:badge-qr|data:image\/png;base64,[^"]+)" alt="Your badge QR code"/);
      const png = mail!.attachments.find((a) => a.contentId?.replace(/[<>]/g, '') === 'badge-qr');
      expect(png?.contentType).toBe('image/png');
      expect(png!.content.equals(await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 400 }))).toBe(true);
      expect(mail!.attachments.some((a) => a.filename?.endsWith('.ics'))).toBe(true);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('the registration page and the console detail answer badge.code once Enrolled; a cancel takes it away and raises the version', async () => {
    const reg = await someEnrolled(1);
    // A link sent to the attendee's mailbox: only its page shows the badge (docs/security.md).
    const token = await t.database.db.transaction((tx) => issueToken(tx, reg.id, 'revisit', new Date(), undefined, { mailed: true }));
    const page = await t.app.inject({ method: 'GET', url: `/api/Registration/${token}` });
    expect(page.statusCode).toBe(200);
    const data = registrationPageSchema.parse(body(page).data);
    expect(t.app.badgeKeys.verify(data.badge!.code)).toMatchObject({ registrationId: reg.id, eventId: 'nbc', version: reg.version });

    const detail = adminRegistrationDetailSchema.parse(body(await adminCall('GET', ADMIN_PATHS.registration.replace('{id}', String(reg.id)))).data);
    expect(detail.badge?.code).toBe(data.badge!.code);
    expect(detail.checkIn).toEqual({ checkedInAt: null, door: null, badgeVersion: reg.version });

    const cancelled = await adminCall('POST', ADMIN_PATHS.registrationCancel.replace('{id}', String(reg.id)), {});
    const after = adminRegistrationDetailSchema.parse(body(cancelled).data);
    expect(after.badge).toBeNull();
    expect(after.checkIn?.badgeVersion).toBe(reg.version + 1);
  });

  it('prints badges as a PDF in each layout, sorted by store; bad input is refused', async () => {
    for (const layout of ['a6', 'a4-4up', 'letter-6up']) {
      const res = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.badges}?event=nbc&layout=${layout}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.subarray(-6).toString()).toContain('%%EOF');
      const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      const [enrolled] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from registrations where event_id = 'nbc' and status = 'Enrolled'`));
      const perPage = layout === 'a6' ? 1 : layout === 'a4-4up' ? 4 : 6;
      expect(pages).toBe(Math.ceil(enrolled!.n / perPage));
    }
    const one = await someEnrolled(2);
    const single = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.badges}?event=nbc&registrationId=${one.id}`);
    expect((single.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(1);
    const empty = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.badges}?event=nbc&store=NOSUCH`);
    expect(empty.statusCode).toBe(200);
    expect((await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.badges}?event=nbc&layout=a3`)).statusCode).toBe(400);
    expect((await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.badges}?event=zzz`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${EVENT_DAYS_ADMIN_PATHS.badges}?event=nbc` })).statusCode).toBe(401);
  });

  it('a door prints one badge sized for its label printer (4x3 in, 4x6 in, A6); every print counted and audited', async () => {
    const reg = await someEnrolled(6);
    const door = await device({});
    const print = (payload: object) => t.app.inject({ method: 'POST', url: CHECKIN_PATHS.badgePrints, headers: bearer(door), payload });
    const sizes: Array<[string, string]> = [
      ['4x3', '288 216'],
      ['4x6', '288 432'],
      ['a6', '297.637795 419.527559'],
    ];
    for (const [index, [size, box]] of sizes.entries()) {
      const res = await print({ registrationId: reg.id, size });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-badge-prints']).toBe(String(index + 1));
      const pdf = res.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect((pdf.match(/\/Type \/Page\b/g) ?? []).length).toBe(1);
      expect(pdf).toContain(`/MediaBox [0 0 ${box}]`);
    }
    const [badge] = await t.database.db.select().from(schema.badges).where(eq(schema.badges.registrationId, reg.id));
    expect(badge!.prints).toBe(3);
    // The console's reprint of the same badge counts too.
    await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.badges}?event=nbc&registrationId=${reg.id}&layout=label-4x3`);
    const audits = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'badge-printed'));
    const mine = audits.filter((a) => a.detail?.registrationId === reg.id);
    expect(mine.map((a) => [a.detail?.print, a.detail?.layout])).toEqual([
      [1, 'label-4x3'],
      [2, 'label-4x6'],
      [3, 'a6'],
      [4, 'label-4x3'],
    ]);
    expect(mine[0]!.actorEmail).toMatch(/^device:\d+$/);
    const list = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.devices}?event=nbc`);
    expect(body<{ rows: Array<{ prints: number; id: number }> }>(list).data.rows.some((d) => d.prints === 3)).toBe(true);
    // Another event's registration, an unknown one, a bad size: refused.
    const [abc] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from registrations where event_id = 'abc' and status = 'Enrolled' limit 1`));
    expect((await print({ registrationId: abc!.id })).statusCode).toBe(404);
    expect((await print({ registrationId: 99_999_999 })).statusCode).toBe(404);
    expect((await print({ registrationId: reg.id, size: 'a3' })).statusCode).toBe(400);
  });

  describe('walk-ins', () => {
    it('the console registers a new person on the spot, checked in, with a badge; audited', async () => {
      const email = `walkin-${randomUUID().slice(0, 8)}@example.com`;
      const res = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { event: 'nbc', email, firstName: 'Wally', lastName: 'Walker', storeDlrnum: '10001' });
      expect(res.statusCode, res.body).toBe(201);
      const data = walkInDataSchema.parse(body(res).data);
      expect(data.checkedInAt).not.toBeNull();
      expect(t.app.badgeKeys.verify(data.badge.code)).toMatchObject({ registrationId: data.registrationId, eventId: 'nbc' });
      const [reg] = await t.database.db.select().from(schema.registrations).where(eq(schema.registrations.id, data.registrationId));
      expect(reg).toMatchObject({ status: 'Enrolled', storeDlrnum: '10001', eventId: 'nbc' });
      const audits = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'walk-in'));
      expect(audits.some((a) => a.detail?.registrationId === data.registrationId)).toBe(true);
      // A second walk-in of the same person changes nothing but answers the same registration.
      const again = walkInDataSchema.parse(body(await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { event: 'nbc', email, firstName: 'Wally', lastName: 'Walker' })).data);
      expect(again.registrationId).toBe(data.registrationId);
      expect(again.checkedInAt).toBe(data.checkedInAt);
    });

    it('refuses bad input and unknown stores; a device needs the walk-in right', async () => {
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { event: 'nbc', email: 'x@example.com' })).statusCode).toBe(400);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { email: 'x@example.com', firstName: 'A', lastName: 'B' })).statusCode).toBe(400);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { event: 'nbc', email: 'x@example.com', firstName: 'A', lastName: 'B', storeDlrnum: 'NOPE' })).statusCode).toBe(400);
      const without = await device({});
      const refused = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.walkIns, headers: bearer(without), payload: { email: 'y@example.com', firstName: 'A', lastName: 'B' } });
      expect(refused.statusCode).toBe(403);
      const withRight = await device({ canWalkIn: true });
      const ok = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.walkIns, headers: bearer(withRight), payload: { email: `door-${randomUUID().slice(0, 6)}@example.com`, firstName: 'Dora', lastName: 'Door', door: 'Door 3' } });
      expect(ok.statusCode, ok.body).toBe(201);
      const data = walkInDataSchema.parse(body(ok).data);
      const [state] = await t.database.db.select().from(schema.badges).where(eq(schema.badges.registrationId, data.registrationId));
      expect(state!.checkedInDoor).toBe('Door 3');
    });
  });

  describe('same-store substitution', () => {
    it('passes the registration to a colleague of the same store: new badge, old refused, audited', async () => {
      const reg = await someEnrolled(3);
      const oldCode = t.app.badgeKeys.sign({ registrationId: reg.id, eventId: 'nbc', version: reg.version });
      const email = `colleague-${randomUUID().slice(0, 6)}@example.com`;
      const res = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.substitute.replace('{id}', String(reg.id)), { email, firstName: 'Cole', lastName: 'League', reason: 'sent instead' });
      expect(res.statusCode, res.body).toBe(200);
      const data = substituteDataSchema.parse(body(res).data);
      expect(t.app.badgeKeys.verify(data.badge.code)!.version).toBe(reg.version + 1);
      const [person] = await t.database.db.select().from(schema.people).where(eq(schema.people.id, data.personId));
      expect(person!.storeDlrnum).toBe(reg.store);
      const audits = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'registration-substituted'));
      expect(audits.find((a) => a.detail?.registrationId === reg.id)?.detail).toMatchObject({ previousPersonId: data.previousPersonId, personId: data.personId, reason: 'sent instead' });

      const door = await device({});
      const scans = await t.app.inject({
        method: 'POST',
        url: CHECKIN_PATHS.scans,
        headers: bearer(door),
        payload: { scans: [oldCode, data.badge.code].map((code) => ({ scanId: randomUUID(), code, scannedAt: new Date().toISOString(), door: 'D' })) },
      });
      expect(scansDataSchema.parse(body(scans).data).results.map((r) => r.result)).toEqual(['invalid', 'checked_in']);
    });

    it('refuses another store, a colleague already registered, and a device without the right', async () => {
      const reg = await someEnrolled(4);
      const [other] = rowsOf<{ id: number }>(
        await t.database.db.execute(sql`select id from people where store_dlrnum is not null and store_dlrnum <> ${reg.store} limit 1`),
      );
      const res = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.substitute.replace('{id}', String(reg.id)), { personId: other!.id });
      expect(res.statusCode).toBe(409);
      const [registered] = rowsOf<{ attendee: number }>(
        await t.database.db.execute(sql`select attendee_id as attendee from registrations where event_id = 'nbc' and store_dlrnum = ${reg.store} and id <> ${reg.id} limit 1`),
      );
      if (registered) expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.substitute.replace('{id}', String(reg.id)), { personId: registered.attendee })).statusCode).toBe(409);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.substitute.replace('{id}', String(reg.id)), {})).statusCode).toBe(400);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.substitute.replace('{id}', '99999999'), { personId: 1 })).statusCode).toBe(404);
      const door = await device({ canWalkIn: true });
      const refused = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.substitutions, headers: bearer(door), payload: { registrationId: reg.id, personId: 1 } });
      expect(refused.statusCode).toBe(403);
      const allowed = await device({ canSubstitute: true });
      const viaDoor = await t.app.inject({
        method: 'POST',
        url: CHECKIN_PATHS.substitutions,
        headers: bearer(allowed),
        payload: { registrationId: reg.id, email: `door-sub-${randomUUID().slice(0, 6)}@example.com`, firstName: 'Sub', lastName: 'Stitute' },
      });
      expect(viaDoor.statusCode, viaDoor.body).toBe(200);
    });
  });

  it('the console checks in and undoes by hand', async () => {
    const reg = await someEnrolled(5);
    const url = EVENT_DAYS_ADMIN_PATHS.checkIn.replace('{id}', String(reg.id));
    const res = await adminCall('POST', url, {});
    expect(res.statusCode).toBe(200);
    expect(body<{ checkedInAt: string | null; door: string }>(res).data).toMatchObject({ door: 'Console' });
    const undo = await adminCall('POST', url, { undo: true });
    expect(body<{ checkedInAt: string | null }>(undo).data.checkedInAt).toBeNull();
  });
});
