import { layout, longDate, type Branding, type Rendered } from './layout.ts';

export interface RegistrationLinkData {
  firstName: string;
  link: string;
  /** Who enrolled the attendee, when it was someone else. */
  invitedBy?: string | null;
  expiresAt?: string | null;
}

export interface ConfirmEmailData {
  firstName: string;
  link: string;
  expiresAt?: string | null;
}

export function registrationLink(b: Branding, d: RegistrationLinkData): Rendered {
  const intro = d.invitedBy
    ? `${d.invitedBy} enrolled you for ${b.eventName}. Please complete your registration with the link below.`
    : `Here is your link to complete your registration for ${b.eventName}.`;
  return layout(b, `${b.eventName}: complete your registration`, `Dear ${d.firstName},`, {
    blocks: [
      intro,
      { link: d.link, label: 'Complete your registration' },
      ...(d.expiresAt ? [`The link can be used once and is valid until ${longDate(d.expiresAt)}.`] : []),
      'If you did not expect this mail, you can ignore it.',
    ],
  });
}

export function confirmEmail(b: Branding, d: ConfirmEmailData): Rendered {
  return layout(b, `${b.eventName}: confirm your e-mail address`, `Dear ${d.firstName},`, {
    blocks: [
      `This address was given for a registration for ${b.eventName}. Please confirm that it is yours; until then it cannot be used to log in to the portal.`,
      { link: d.link, label: 'Confirm my e-mail address' },
      ...(d.expiresAt ? [`The link is valid until ${longDate(d.expiresAt)}.`] : []),
      'If you did not register, ignore this mail and the address stays unconfirmed.',
    ],
  });
}
