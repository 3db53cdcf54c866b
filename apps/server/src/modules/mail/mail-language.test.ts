/**
 * Mails in the recipient's language: a person who chose French gets the confirmation, its calendar
 * file and every other mail in Canadian French (read back from a real SMTP server on loopback); a
 * person without a choice gets English.
 */
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@portal/db';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { MailDelivery } from './delivery.ts';
import { queueRegistrationMail } from './mail.service.ts';
import { brandingOf, MAIL_KINDS, renderMail } from './templates/index.ts';

let t: TestApp;
let smtp: SmtpCatcher;
let worker: MailDelivery;

beforeAll(async () => {
  t = await buildTestApp({ stores: 20 });
  smtp = await startSmtpCatcher();
  worker = new MailDelivery({ db: t.database.db, smtpUrl: smtp.url, from: { name: 'Event team', address: 'events@portal.test' }, publicUrl: 'http://portal.test', pollMs: 50 });
});
afterEach(async () => {
  smtp.mails.length = 0;
  await t.database.db.execute(sql`delete from mail_outbox`);
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  await t?.close();
});

/** Two enrolled nbc registrations of attendees with real addresses. */
async function registrations(): Promise<Array<{ id: number; personId: number; email: string }>> {
  return rowsOf<{ id: number; personId: number; email: string }>(
    await t.database.db.execute(sql`
      select r.id, p.id as "personId", p.email from registrations r join people p on p.id = r.attendee_id
      where r.status = 'Enrolled' and r.event_id = 'nbc' and p.email not like '%.invalid' order by r.id limit 2`),
  );
}

function calendarOf(mail: ParsedMail) {
  const file = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  expect(file, 'an .ics attachment').toBeDefined();
  const text = file!.content.toString('utf8');
  const component = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
  return { text, prodId: String(component.getFirstPropertyValue('prodid')), summary: event.summary, description: event.description, location: event.location, start: event.startDate.toString() };
}

describe('mails in the person\'s language', () => {
  it('sends a French confirmation and .ics to a person who chose French, English to one who did not', async () => {
    const [french, english] = await registrations();
    const db = t.database.db;
    await db.execute(sql`update people set language = 'fr-CA' where id = ${french!.personId}`);
    await db.execute(sql`update people set language = null where id = ${english!.personId}`);
    await db.execute(sql`update registrations set is_virtual = false, arrival_date = '2027-03-01', departure_date = '2027-03-03' where id in (${french!.id}, ${english!.id})`);
    for (const reg of [french!, english!]) {
      await db.transaction((tx) => queueRegistrationMail(tx, { kind: 'registration-confirmed', registrationId: reg.id, revisitUrl: 'http://portal.test/register/abc', now: new Date('2026-11-01T10:00:00Z') }));
    }
    await worker.drain();
    const mails = await smtp.waitFor(2);
    const to = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
    const fr = mails.find((m) => to(m).includes(french!.email))!;
    const en = mails.find((m) => to(m).includes(english!.email))!;

    expect(fr.subject).toBe('Congrès national des affaires 2027\u00a0: votre inscription est confirmée');
    expect(fr.text).toMatch(/^Bonjour /);
    expect(fr.text).toContain('Votre inscription à l’événement Congrès national des affaires 2027 est confirmée.');
    expect(fr.text).toContain('Arrivée\u00a0: lundi 1 mars 2027');
    expect(fr.text).toContain('Départ\u00a0: mercredi 3 mars 2027');
    expect(fr.text).toContain('Participation\u00a0: En personne');
    // The link names the mail's language: the page opens in French whatever the browser's.
    expect(fr.text).toContain('Consulter ou modifier votre inscription\u00a0:\nhttp://portal.test/register/abc?lang=fr-CA');
    expect(fr.html).toContain('href="http://portal.test/register/abc?lang=fr-CA"');
    expect(fr.html).toContain('<html lang="fr-CA">');
    expect(fr.text).not.toMatch(/Dear|Your registration|Arrival|Departure|In person/);
    const frCalendar = calendarOf(fr);
    expect(frCalendar.prodId).toMatch(/\/\/FR$/);
    expect(frCalendar.summary).toBe('Congrès national des affaires 2027');
    expect(frCalendar.description).toBe('Votre inscription à l’événement Congrès national des affaires 2027. Pour la consulter ou la modifier\u00a0: http://portal.test/register/abc?lang=fr-CA');
    expect(frCalendar.start).toBe('2027-03-01');

    expect(en.subject).toBe('National Business Conference 2027: your registration is confirmed');
    expect(en.text).toMatch(/^Dear /);
    expect(en.text).toContain('Arrival: Monday, March 1, 2027');
    expect(en.html).toContain('<html lang="en">');
    const enCalendar = calendarOf(en);
    expect(enCalendar.prodId).toMatch(/\/\/EN$/);
    expect(enCalendar.description).toContain('Your registration for National Business Conference 2027.');
  });

  it('says "En ligne" in the calendar file of a French virtual attendee and follows a change of language', async () => {
    const [reg] = await registrations();
    const db = t.database.db;
    await db.execute(sql`update people set language = 'fr-CA' where id = ${reg!.personId}`);
    await db.execute(sql`update registrations set is_virtual = true, arrival_date = null, departure_date = null where id = ${reg!.id}`);
    await db.transaction((tx) => queueRegistrationMail(tx, { kind: 'registration-changed', registrationId: reg!.id, now: new Date('2026-11-02T10:00:00Z') }));
    await worker.drain();
    const [changed] = await smtp.waitFor(1);
    expect(changed!.subject).toContain('votre inscription a été modifiée');
    expect(changed!.text).toContain('Participation\u00a0: Virtuelle');
    expect(calendarOf(changed!).location).toBe('En ligne');
  });
});

describe('every mail kind in French', () => {
  const nbc = (language: 'en' | 'fr-CA') => brandingOf({ id: 'nbc', name: 'National Business Conference 2027', startsOn: '2027-03-01', endsOn: '2027-03-04' }, 'http://portal.test', language);
  const data: Record<string, unknown> = {
    registrationId: 1, firstName: 'Camille', lastName: 'Tremblay', isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-03', storeName: 'Garage Tremblay',
    revisitUrl: 'http://portal.test/register/x', link: 'http://portal.test/register/t', invitedBy: 'Pat Morgan', expiresAt: '2027-02-03T14:05:00.000Z',
    managerName: 'Camille', dlrnum: '10001', closesOn: '2027-02-25', code: '123456', position: 3, title: 'Atelier', when: 'lun. 1 mars, 9 h – 10 h', room: 'Salle A',
    sessions: [{ title: 'Atelier', when: 'lun. 1 mars, 9 h – 10 h', room: 'Salle A', status: 'Waitlisted' }],
    fromName: 'Pat Morgan', toName: 'Dominique Gagnon', what: 'offered', step: 'transfer',
    recipientName: 'Camille', scopeLabel: 'Région 010', since: '2027-01-01T00:00:00Z', until: '2027-01-08T00:00:00Z', totals: { stores: 5000, enrolledStores: 4, registrations: 9 }, changes: 2,
  };
  // Organizer mails go to the console's staff, who read it in English.
  const attendeeKinds = MAIL_KINDS.filter((kind) => !kind.startsWith('organizer-'));

  it.each(attendeeKinds)('%s reads in French, with French dates and numbers', (kind) => {
    const french = renderMail(kind, nbc('fr-CA'), data as never);
    const english = renderMail(kind, nbc('en'), data as never);
    expect(french.subject).not.toBe(english.subject);
    expect(french.text).toMatch(/^Bonjour Camille,/);
    expect(french.text).not.toMatch(/\b(Dear|Your|your|the|is|was|and|to)\b/);
    if (kind === 'digest') expect(french.text).toContain('5\u00a0000');
    if (kind === 'waitlist-offer') expect(french.text).toContain('3 février 2027, 14 h 05 UTC');
  });
});
