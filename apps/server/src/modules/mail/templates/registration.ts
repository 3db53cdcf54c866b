import { t } from '../../../lib/i18n/i18n.ts';
import { greeting, layout, longDate, type Branding, type Rendered } from './layout.ts';

export interface RegistrationMailData {
  registrationId: number;
  firstName: string;
  lastName: string;
  isVirtual: boolean;
  arrivalDate: string | null;
  departureDate: string | null;
  storeName?: string | null;
  /** The attendee's own link to change or cancel (absent when none could be issued). */
  revisitUrl?: string | null;
  /**
   * The badge code (docs/event-days.md), added when the mail is sent (never stored with the row);
   * its QR goes along as the inline image `cid:badge-qr`.
   */
  badgeCode?: string | null;
}

/** The content id of the badge's QR image attached to a confirmation. */
export const BADGE_QR_CID = 'badge-qr';

function badge(b: Branding, d: RegistrationMailData) {
  return d.badgeCode
    ? [
        t(b.language, 'mail.registration.badge'),
        { image: `cid:${BADGE_QR_CID}`, alt: t(b.language, 'mail.registration.badgeAlt'), text: t(b.language, 'mail.registration.badgeCode', { code: d.badgeCode }) },
      ]
    : [];
}

function attendanceRows(b: Branding, d: RegistrationMailData): Array<[string, string]> {
  const l = b.language;
  const rows: Array<[string, string]> = [
    [t(l, 'mail.registration.event'), b.eventName],
    [t(l, 'mail.registration.attendee'), `${d.firstName} ${d.lastName}`],
  ];
  if (d.storeName) rows.push([t(l, 'mail.registration.store'), d.storeName]);
  if (d.isVirtual) rows.push([t(l, 'mail.registration.attendance'), t(l, 'mail.registration.virtual')]);
  else {
    rows.push([t(l, 'mail.registration.attendance'), t(l, 'mail.registration.inPerson')]);
    if (d.arrivalDate) rows.push([t(l, 'mail.registration.arrival'), longDate(d.arrivalDate, l)]);
    if (d.departureDate) rows.push([t(l, 'mail.registration.departure'), longDate(d.departureDate, l)]);
    if (b.location) rows.push([t(l, 'mail.registration.location'), b.location]);
  }
  return rows;
}

function revisit(b: Branding, d: RegistrationMailData) {
  return d.revisitUrl ? [{ link: d.revisitUrl, label: t(b.language, 'mail.registration.revisit') }] : [];
}

export function registrationConfirmed(b: Branding, d: RegistrationMailData): Rendered {
  const event = b.eventName;
  return layout(b, t(b.language, 'mail.registration.confirmed.subject', { event }), greeting(b, d.firstName), {
    blocks: [
      t(b.language, 'mail.registration.confirmed.body', { event }),
      { rows: attendanceRows(b, d) },
      ...badge(b, d),
      ...revisit(b, d),
      t(b.language, 'mail.registration.confirmed.closing'),
    ],
  });
}

export function registrationChanged(b: Branding, d: RegistrationMailData): Rendered {
  const event = b.eventName;
  return layout(b, t(b.language, 'mail.registration.changed.subject', { event }), greeting(b, d.firstName), {
    blocks: [t(b.language, 'mail.registration.changed.body', { event }), { rows: attendanceRows(b, d) }, ...badge(b, d), ...revisit(b, d)],
  });
}

export function registrationCancelled(b: Branding, d: RegistrationMailData): Rendered {
  const event = b.eventName;
  return layout(b, t(b.language, 'mail.registration.cancelled.subject', { event }), greeting(b, d.firstName), {
    blocks: [
      t(b.language, 'mail.registration.cancelled.body', { event }),
      t(b.language, 'mail.registration.cancelled.again'),
      { link: b.portalUrl, label: t(b.language, 'mail.openPortal') },
    ],
  });
}
