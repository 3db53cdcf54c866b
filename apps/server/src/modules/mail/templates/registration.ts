import { layout, longDate, type Branding, type Rendered } from './layout.ts';

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

function badge(d: RegistrationMailData) {
  return d.badgeCode
    ? [
        'Your badge: show this code at the door (printed or on your phone). It is also on your registration page.',
        { image: `cid:${BADGE_QR_CID}`, alt: 'Your badge QR code', text: `Badge code: ${d.badgeCode}` },
      ]
    : [];
}

function attendanceRows(b: Branding, d: RegistrationMailData): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Event', b.eventName],
    ['Attendee', `${d.firstName} ${d.lastName}`],
  ];
  if (d.storeName) rows.push(['Store', d.storeName]);
  if (d.isVirtual) rows.push(['Attendance', 'Virtual']);
  else {
    rows.push(['Attendance', 'In person']);
    if (d.arrivalDate) rows.push(['Arrival', longDate(d.arrivalDate)]);
    if (d.departureDate) rows.push(['Departure', longDate(d.departureDate)]);
    if (b.location) rows.push(['Location', b.location]);
  }
  return rows;
}

function revisit(d: RegistrationMailData) {
  return d.revisitUrl ? [{ link: d.revisitUrl, label: 'Review or change your registration' }] : [];
}

export function registrationConfirmed(b: Branding, d: RegistrationMailData): Rendered {
  return layout(b, `${b.eventName}: your registration is confirmed`, `Dear ${d.firstName},`, {
    blocks: [
      `Your registration for ${b.eventName} is confirmed. The attached calendar file adds it to your calendar.`,
      { rows: attendanceRows(b, d) },
      ...badge(d),
      ...revisit(d),
      'We look forward to seeing you.',
    ],
  });
}

export function registrationChanged(b: Branding, d: RegistrationMailData): Rendered {
  return layout(b, `${b.eventName}: your registration was changed`, `Dear ${d.firstName},`, {
    blocks: [
      `Your registration for ${b.eventName} was changed. Opening the attached calendar file updates the entry already in your calendar.`,
      { rows: attendanceRows(b, d) },
      ...badge(d),
      ...revisit(d),
    ],
  });
}

export function registrationCancelled(b: Branding, d: RegistrationMailData): Rendered {
  return layout(b, `${b.eventName}: your registration was cancelled`, `Dear ${d.firstName},`, {
    blocks: [
      `Your registration for ${b.eventName} was cancelled. The attached calendar file removes it from your calendar.`,
      'If this was a mistake, log in to the portal and enrol again.',
      { link: b.portalUrl, label: 'Open the portal' },
    ],
  });
}
