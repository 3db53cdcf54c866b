/** Every mail kind renders a subject, a text and an HTML part in the event's branding, escaping what it is given. */
import { describe, expect, it } from 'vitest';
import { brandingOf, MAIL_KINDS, renderMail, type MailDataByKind, type MailKind } from './index.ts';
import { linkInLanguage } from './layout.ts';

const hostile = '<script>alert(1)</script> & "quotes"';
const samples: { [K in MailKind]: MailDataByKind[K] } = {
  'registration-confirmed': { registrationId: 1, firstName: hostile, lastName: 'Lee', isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-03', storeName: 'Morgan Motors', revisitUrl: 'http://portal.test/register/x?a=1&b=2' },
  'registration-changed': { registrationId: 1, firstName: hostile, lastName: 'Lee', isVirtual: true, arrivalDate: null, departureDate: null },
  'registration-cancelled': { registrationId: 1, firstName: hostile, lastName: 'Lee', isVirtual: false, arrivalDate: null, departureDate: null },
  'confirm-email': { firstName: hostile, link: 'http://portal.test/confirm-email/t', expiresAt: '2027-01-08T00:00:00.000Z' },
  'registration-link': { firstName: hostile, link: 'http://portal.test/register/t', invitedBy: hostile },
  'store-reminder': { managerName: hostile, storeName: hostile, dlrnum: '10001', closesOn: '2027-02-25' },
  'link-reminder': { firstName: hostile, link: 'http://portal.test/register/t' },
  'organizer-sign-in-code': { code: hostile, expiresAt: '2027-01-08T00:10:00.000Z' },
  'waitlist-joined': { firstName: hostile, position: 3, link: 'http://portal.test/register/t' },
  'waitlist-offer': { firstName: hostile, link: 'http://portal.test/register/t', expiresAt: '2027-01-08T00:10:00.000Z' },
  'waitlist-offer-expired': { firstName: hostile },
  'waitlist-closed': { firstName: hostile },
  'session-agenda': { firstName: hostile, sessions: [{ title: hostile, when: 'Mon, Mar 1, 9:00 AM – 10:00 AM', room: hostile, status: 'Enrolled' }], link: 'http://portal.test/register/t' },
  'session-offer': { firstName: hostile, title: hostile, when: 'Mon, Mar 1, 9:00 AM – 10:00 AM', link: 'http://portal.test/register/t', expiresAt: '2027-01-08T00:10:00.000Z' },
  'session-offer-expired': { firstName: hostile, title: hostile, when: 'Mon, Mar 1, 9:00 AM – 10:00 AM' },
  'session-cancelled': { firstName: hostile, title: hostile, when: 'Mon, Mar 1, 9:00 AM – 10:00 AM' },
  'transfer-offer': { firstName: hostile, fromName: hostile, storeName: hostile, link: 'http://portal.test/register/t', expiresAt: '2027-02-03T14:05:00.000Z' },
  'transfer-offer-ended': { firstName: hostile, fromName: hostile },
  'transfer-notice': { firstName: hostile, what: 'offered', toName: hostile, expiresAt: '2027-02-03T14:05:00.000Z', link: 'http://portal.test/register/t' },
  'confirm-action': { firstName: hostile, step: 'cancel', link: 'https://portal.example/register/abc', expiresAt: '2027-03-01T00:00:00Z' },
  digest: { recipientName: hostile, scopeLabel: 'Region 010', since: '2027-01-01T00:00:00Z', until: '2027-01-08T00:00:00Z', totals: { stores: 10, enrolledStores: 4, registrations: 9 }, changes: 1 },
};
const nbc = brandingOf({ id: 'nbc', name: 'National Business Conference 2027', startsOn: '2027-03-01', endsOn: '2027-03-04' }, 'http://portal.test');

describe('mail templates', () => {
  it.each(MAIL_KINDS)('%s renders text and HTML in the event branding, escaped', (kind) => {
    const mail = renderMail(kind, nbc, samples[kind] as never);
    expect(mail.subject).toContain('National Business Conference 2027');
    expect(mail.text.length).toBeGreaterThan(40);
    expect(mail.text).toContain('http://portal.test');
    expect(mail.html).toContain('<!doctype html>');
    expect(mail.html).toContain(nbc.accent);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });

  it('keeps dates as calendar days and links usable in both parts', () => {
    const mail = renderMail('registration-confirmed', nbc, samples['registration-confirmed']);
    expect(mail.text).toContain('Monday, March 1, 2027');
    expect(mail.text).toContain('http://portal.test/register/x?a=1&b=2&lang=en');
    expect(mail.html).toContain('href="http://portal.test/register/x?a=1&#38;b=2&#38;lang=en"');
  });

  it('names the mail’s language on links to the portal only, once', () => {
    const b = { portalUrl: 'http://portal.test', language: 'fr-CA' as const };
    expect(linkInLanguage(b, 'http://portal.test/register/t')).toBe('http://portal.test/register/t?lang=fr-CA');
    expect(linkInLanguage(b, 'http://portal.test')).toBe('http://portal.test?lang=fr-CA');
    expect(linkInLanguage(b, 'http://portal.test/register/t?lang=en')).toBe('http://portal.test/register/t?lang=en');
    expect(linkInLanguage(b, 'http://portal.test/a#b')).toBe('http://portal.test/a?lang=fr-CA#b');
    expect(linkInLanguage(b, 'http://portal.test.evil.example/x')).toBe('http://portal.test.evil.example/x');
    expect(linkInLanguage(b, 'https://provider.example/form?id=1')).toBe('https://provider.example/form?id=1');
  });

  it('falls back to a neutral look without an event', () => {
    const mail = renderMail('confirm-email', brandingOf(undefined, 'http://portal.test'), samples['confirm-email']);
    expect(mail.subject).toContain('Event portal');
  });
});
