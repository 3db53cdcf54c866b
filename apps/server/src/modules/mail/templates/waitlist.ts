/** The waiting list's mails (docs/waiting-lists.md): joined, a place offered, an offer lapsed, the list closed. */
import { layout, type Branding, type Rendered } from './layout.ts';

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

/** An instant written in UTC, e.g. "2027-02-03 14:05 UTC". */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function waitlistJoined(b: Branding, d: WaitlistJoinedData): Rendered {
  return layout(b, `${b.eventName}: you are on the waiting list`, `Dear ${d.firstName},`, {
    blocks: [
      `${b.eventName} is full at the moment, so you are on its waiting list, at position ${d.position}.`,
      'When a place frees up, we offer it to the first in line by mail; the offer then stays open for a limited time.',
      ...(d.link ? [{ link: d.link, label: 'See your place on the waiting list' }] : []),
      'You can leave the waiting list on that page at any time.',
    ],
  });
}

export function waitlistOffer(b: Branding, d: WaitlistOfferData): Rendered {
  return layout(b, `${b.eventName}: a place is yours if you claim it`, `Dear ${d.firstName},`, {
    blocks: [
      `A place at ${b.eventName} has become free and is offered to you. Claim it before ${utc(d.expiresAt)}; after that it goes to the next person on the waiting list.`,
      ...(d.link ? [{ link: d.link, label: 'Claim your place' }] : []),
      'If you no longer want to come, you can decline on the same page.',
    ],
  });
}

export function waitlistOfferExpired(b: Branding, d: WaitlistEndedData): Rendered {
  return layout(b, `${b.eventName}: your offer has lapsed`, `Dear ${d.firstName},`, {
    blocks: [
      `The place at ${b.eventName} offered to you was not claimed in time and has gone to the next person on the waiting list.`,
      'To try again, log in to the portal and enrol again; you join the end of the waiting list.',
      { link: b.portalUrl, label: 'Open the portal' },
    ],
  });
}

export function waitlistClosed(b: Branding, d: WaitlistEndedData): Rendered {
  return layout(b, `${b.eventName}: the waiting list has closed`, `Dear ${d.firstName},`, {
    blocks: [
      `Registration for ${b.eventName} has closed, and with it the waiting list. No place became free for you in time; we are sorry.`,
      'You do not need to do anything.',
    ],
  });
}
