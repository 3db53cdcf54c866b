/** The waiting list's mails (docs/waiting-lists.md): joined, a place offered, an offer lapsed, the list closed. */
import { instantUtc, t } from '../../../lib/i18n/i18n.ts';
import { buttonIf, greeting, layout, type Branding, type Rendered } from './layout.ts';

export interface WaitlistJoinedData {
  firstName: string;
  position: number;
  /** The attendee's own page: position, offer, leave the list. */
  link?: string | null;
}

export interface WaitlistOfferData {
  firstName: string;
  /** The attendee's own registration page, where the place is claimed. */
  link?: string | null;
  expiresAt: string;
}

export interface WaitlistEndedData {
  firstName: string;
}

export function waitlistJoined(b: Branding, d: WaitlistJoinedData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.waitlist.joined.subject', { event }), greeting(b, d.firstName), {
    blocks: [
      t(l, 'mail.waitlist.joined.body', { event, position: d.position }),
      t(l, 'mail.waitlist.joined.how'),
      ...buttonIf(d.link, t(l, 'mail.waitlist.joined.button')),
      t(l, 'mail.waitlist.joined.leave'),
    ],
  });
}

export function waitlistOffer(b: Branding, d: WaitlistOfferData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.waitlist.offer.subject', { event }), greeting(b, d.firstName), {
    blocks: [
      t(l, 'mail.waitlist.offer.body', { event, deadline: instantUtc(l, d.expiresAt) }),
      ...buttonIf(d.link, t(l, 'mail.waitlist.offer.button')),
      t(l, 'mail.waitlist.offer.decline'),
    ],
  });
}

export function waitlistOfferExpired(b: Branding, d: WaitlistEndedData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.waitlist.expired.subject', { event }), greeting(b, d.firstName), {
    blocks: [t(l, 'mail.waitlist.expired.body', { event }), t(l, 'mail.waitlist.expired.again'), { link: b.portalUrl, label: t(l, 'mail.openPortal') }],
  });
}

export function waitlistClosed(b: Branding, d: WaitlistEndedData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.waitlist.closed.subject', { event }), greeting(b, d.firstName), {
    blocks: [t(l, 'mail.waitlist.closed.body', { event }), t(l, 'mail.waitlist.closed.nothing')],
  });
}
