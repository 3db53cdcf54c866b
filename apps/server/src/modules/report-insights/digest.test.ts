/**
 * The weekly digest: opting in and out, the run that queues one mail per subscriber and window
 * through the outbox with the figures of their scope (checked against counts made here from the base
 * tables), and the workbook built at send time, which holds only rows of the recipient's scope.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { attachmentBuilder } from '../mail/attachments.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';
import { DIGEST_ATTACHMENT_BUILDER, DIGEST_JOB, runDigests } from './digest.ts';

interface Reg { id: number; store: string | null; storeZone: string | null; personZone: string | null; status: string; updatedAt: string }

describe('weekly digest', () => {
  let t: TestApp;
  let regs: Reg[];
  let now: Date;
  let zone: string;
  let storesInZone: number;
  let totalStores: number;
  const tokens: Record<'corporate' | 'zone' | 'dealer' | 'reporting', Record<string, string>> = {} as never;

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
    const db = t.database.db;
    regs = rowsOf<Reg>(
      await db.execute(sql`
        select g.id, g.store_dlrnum as store, d.zone_code as "storeZone", p.zone_code as "personZone", g.status,
          to_char(g.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
        from registrations g join people p on p.id = g.attendee_id
        left join stores st on st.dlrnum = g.store_dlrnum left join districts d on d.code = st.district_code
        where g.event_id = 'nbc'`),
    );
    const [home] = rowsOf<{ zone: string }>(await db.execute(sql`select d.zone_code as zone from stores st join districts d on d.code = st.district_code where st.dlrnum = '10001'`));
    zone = home!.zone;
    // The run happens just after the zone's last change, so its digest has something to report.
    const latest = regs.filter((r) => zoneOf(r) === zone).map((r) => r.updatedAt).sort().at(-1)!;
    now = new Date(Date.parse(latest) + 60_000);
    [{ n: storesInZone }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stores st join districts d on d.code = st.district_code where d.zone_code = ${zone}`)) as [{ n: number }];
    [{ n: totalStores }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stores`)) as [{ n: number }];

    tokens.corporate = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
    const zoneEmail = 'digest.zone@corp.example.com';
    tokens.zone = bearer((await loginAs(t.app, zoneEmail, 'FIELD27')).accessToken);
    const [person] = rowsOf<{ id: number }>(await db.execute(sql`select id from people where email = ${zoneEmail}`));
    await createReportScopeService({ db }).setPersonScope(person!.id, { level: 'zone', code: zone });
    // Digests go to confirmed addresses only: as if this address had opened its confirmation link.
    await db.execute(sql`update people set email_verified = true where id = ${person!.id}`);
    tokens.dealer = bearer((await loginAs(t.app, DEMO.em, 'DEALER27')).accessToken);
    tokens.reporting = bearer((await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken);
  });
  afterAll(() => t?.close());

  const zoneOf = (r: Reg) => r.storeZone ?? (r.store ? null : r.personZone);
  const put = (who: keyof typeof tokens, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/Report/Digest', headers: tokens[who], payload: payload as object });
  const digestMails = async () =>
    rowsOf<{ to_email: string; data: { changes: number; totals: { stores: number; enrolledStores: number; registrations: number }; scopeLabel: string; since: string | null }; attachments: Array<{ builder: string; params: Record<string, unknown> }> }>(
      await t.database.db.execute(sql`select to_email, data, attachments from mail_outbox where kind = 'digest' order by id`),
    );
  const inWindow = (r: Reg, since: Date) => Date.parse(r.updatedAt) > since.getTime() && Date.parse(r.updatedAt) <= now.getTime();

  it('opts in and out; report readers only; a bad body is 400', async () => {
    const initial = await t.app.inject({ method: 'GET', url: '/api/Report/Digest', headers: tokens.zone });
    expect(initial.json().data).toEqual({ subscribed: false, event: 'nbc', lastDigestAt: null });
    expect((await put('zone', { subscribed: true })).json()).toMatchObject({ succeeded: true, data: { subscribed: true, event: 'nbc' } });
    expect((await put('corporate', { subscribed: true, event: 'nbc' })).json().data.subscribed).toBe(true);
    expect((await put('reporting', { subscribed: true })).json().data.subscribed).toBe(true);
    expect((await put('reporting', { subscribed: false })).json().data.subscribed).toBe(false);
    expect((await put('dealer', { subscribed: true })).statusCode).toBe(403);
    for (const bad of [{}, { subscribed: 'yes' }, { subscribed: true, event: 'xyz' }, { subscribed: true, extra: 1 }]) {
      const res = await put('zone', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ succeeded: false, data: null });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/Report/Digest' })).statusCode).toBe(401);
  });

  it('queues one digest per subscriber and window with the figures of their scope, and none twice', async () => {
    const result = await runDigests(t.database.db, createReportScopeService({ db: t.database.db }), now);
    expect(result).toEqual({ queued: 2, skipped: 0 });
    const mails = await digestMails();
    expect(mails.map((m) => m.to_email).sort()).toEqual([DEMO.corporate, 'digest.zone@corp.example.com']);

    const since = new Date(now.getTime() - 7 * 86_400_000);
    const zoneMail = mails.find((m) => m.to_email === 'digest.zone@corp.example.com')!;
    const zoneRegs = regs.filter((r) => zoneOf(r) === zone);
    expect(zoneMail.data.changes).toBe(zoneRegs.filter((r) => inWindow(r, since)).length);
    expect(zoneMail.data.changes).toBeGreaterThan(0);
    expect(zoneMail.data.totals.stores).toBe(storesInZone);
    expect(zoneMail.data.totals.registrations).toBe(zoneRegs.filter((r) => r.status === 'Enrolled').length);
    expect(zoneMail.data.scopeLabel).toBe(`Zone ${zone}`);
    expect(zoneMail.data.since).toBeNull();
    expect(zoneMail.attachments[0]).toMatchObject({ builder: DIGEST_ATTACHMENT_BUILDER, params: { email: 'digest.zone@corp.example.com', event: 'nbc' } });

    const corporateMail = mails.find((m) => m.to_email === DEMO.corporate)!;
    expect(corporateMail.data.changes).toBe(regs.filter((r) => inWindow(r, since)).length);
    expect(corporateMail.data.totals.stores).toBe(totalStores);
    expect(corporateMail.data.totals.registrations).toBe(regs.filter((r) => r.status === 'Enrolled').length);

    expect(await runDigests(t.database.db, createReportScopeService({ db: t.database.db }), now)).toEqual({ queued: 0, skipped: 2 });
    expect(await digestMails()).toHaveLength(2);
    const after = await t.app.inject({ method: 'GET', url: '/api/Report/Digest', headers: tokens.zone });
    expect(after.json().data.lastDigestAt).toBe(now.toISOString());

    // A week on, the next digest covers only what changed after the last one.
    const next = new Date(now.getTime() + 7 * 86_400_000);
    await put('corporate', { subscribed: false });
    expect(await runDigests(t.database.db, createReportScopeService({ db: t.database.db }), next)).toEqual({ queued: 1, skipped: 0 });
    const latest = (await digestMails()).at(-1)!;
    expect(latest.to_email).toBe('digest.zone@corp.example.com');
    expect(latest.data).toMatchObject({ changes: 0, since: now.toISOString() });
  });

  it('builds the workbook at send time with only the rows of the recipient\'s scope, and the totals', async () => {
    const build = attachmentBuilder(DIGEST_ATTACHMENT_BUILDER);
    expect(build).toBeDefined();
    const since = new Date(now.getTime() - 7 * 86_400_000);
    const params = await paramsOf('digest.zone@corp.example.com', since);
    const { content } = await build!(t.database.db, params, 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Changed At (UTC)', 'Status', 'Attendee Name']);
    const expected = regs.filter((r) => zoneOf(r) === zone && inWindow(r, since)).length;
    const dataRows: ExcelJS.Row[] = [];
    for (let n = 2; n <= sheet.rowCount && sheet.getRow(n).getCell(1).value; n++) dataRows.push(sheet.getRow(n));
    expect(dataRows).toHaveLength(expected);
    for (const row of dataRows) expect(row.getCell(9).value).toBe(zone);
    const totals = new Map<string, unknown>();
    for (let n = dataRows.length + 3; n <= sheet.rowCount; n++) totals.set(String(sheet.getRow(n).getCell(1).value), sheet.getRow(n).getCell(2).value);
    expect(totals.get('Stores')).toBe(storesInZone);
    expect(totals.get('Registrations changed in the period')).toBe(expected);

    // For a French recipient the sheet, its headers and the totals' labels are French.
    const french = new ExcelJS.Workbook();
    await french.xlsx.load((await build!(t.database.db, params, 'fr-CA')).content as unknown as ArrayBuffer);
    expect(french.worksheets[0]!.name).toBe('Changements');
    expect((french.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Modifié le (UTC)', 'Statut', 'Nom du participant']);

    await expect(build!(t.database.db, { email: 'x', personId: null, event: 'nbc', since: 'not a date', until: now.toISOString() }, 'en')).rejects.toThrow(/period/);
  });

  it('is a recurring job on the job queue', async () => {
    // Declared while the app was built: `send` knows it (and answers null before the queue starts).
    await expect(t.app.jobs.send(DIGEST_JOB)).resolves.toBeNull();
  });

  async function paramsOf(email: string, since: Date) {
    const [row] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from people where email = ${email}`));
    return { email, personId: row!.id, event: 'nbc', since: since.toISOString(), until: now.toISOString() };
  }
});
