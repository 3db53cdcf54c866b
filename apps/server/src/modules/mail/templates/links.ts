import { t } from '../../../lib/i18n/i18n.ts';
import { greeting, layout, longDate, type Branding, type PersonalLinkData, type Rendered } from './layout.ts';

export interface RegistrationLinkData extends PersonalLinkData {
  /** Who enrolled the attendee, when it was someone else. */
  invitedBy?: string | null;
}

export type ConfirmEmailData = PersonalLinkData;

export function registrationLink(b: Branding, d: RegistrationLinkData): Rendered {
  const l = b.language;
  const event = b.eventName;
  const intro = d.invitedBy ? t(l, 'mail.link.invited', { invitedBy: d.invitedBy, event }) : t(l, 'mail.link.own', { event });
  return layout(b, t(l, 'mail.link.subject', { event }), greeting(b, d.firstName), {
    blocks: [
      intro,
      { link: d.link, label: t(l, 'mail.link.button') },
      ...(d.expiresAt ? [t(l, 'mail.link.onceUntil', { date: longDate(d.expiresAt, l) })] : []),
      t(l, 'mail.link.unexpected'),
    ],
  });
}

export function confirmEmail(b: Branding, d: ConfirmEmailData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.confirmEmail.subject', { event }), greeting(b, d.firstName), {
    blocks: [
      t(l, 'mail.confirmEmail.body', { event }),
      { link: d.link, label: t(l, 'mail.confirmEmail.button') },
      ...(d.expiresAt ? [t(l, 'mail.linkValidUntil', { date: longDate(d.expiresAt, l) })] : []),
      t(l, 'mail.confirmEmail.ignore'),
    ],
  });
}
