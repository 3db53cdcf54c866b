/**
 * The mails of a place handed to a colleague (docs/transfers.md): the offer to the colleague, its
 * end when withdrawn, and the notices to the attendee who offered it.
 */
import { layout, type Branding, type Rendered } from './layout.ts';

export interface TransferOfferData {
  firstName: string;
  /** Who offers the place. */
  fromName: string;
  storeName: string | null;
  /** The colleague's own page, where the place is accepted. */
  link: string;
  expiresAt: string;
}

export interface TransferOfferEndedData {
  firstName: string;
  fromName: string;
}

export interface TransferNoticeData {
  firstName: string;
  what: 'offered' | 'withdrawn' | 'accepted' | 'lapsed';
  /** The colleague the place was offered to. */
  toName: string;
  expiresAt?: string | null;
  /** The attendee's own page (withdraw the offer, or change the registration kept). */
  link?: string | null;
}

/** An instant written in UTC, e.g. "2027-02-03 14:05 UTC". */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function transferOffer(b: Branding, d: TransferOfferData): Rendered {
  return layout(b, `${b.eventName}: ${d.fromName} offers you their place`, `Dear ${d.firstName},`, {
    blocks: [
      `${d.fromName}${d.storeName ? ` of ${d.storeName}` : ''} cannot come to ${b.eventName} and offers you their place, with their attendance, dates and sessions.`,
      `Accept it before ${utc(d.expiresAt)}; until then nothing changes, and after that the offer lapses.`,
      { link: d.link, label: 'See the offer and accept the place' },
      'Once you accept, you get your own confirmation with your badge, and their badge no longer admits anyone.',
    ],
  });
}

export function transferOfferEnded(b: Branding, d: TransferOfferEndedData): Rendered {
  return layout(b, `${b.eventName}: the offered place was withdrawn`, `Dear ${d.firstName},`, {
    blocks: [`${d.fromName} has withdrawn the offer of their place at ${b.eventName}. The link you got no longer works.`, 'You do not need to do anything.'],
  });
}

export function transferNotice(b: Branding, d: TransferNoticeData): Rendered {
  const link = d.link ? [{ link: d.link, label: d.what === 'offered' ? 'Withdraw the offer' : 'Open your registration' }] : [];
  switch (d.what) {
    case 'offered':
      return layout(b, `${b.eventName}: your place is offered to ${d.toName}`, `Dear ${d.firstName},`, {
        blocks: [
          `You offered your place at ${b.eventName} to ${d.toName}. We have mailed them a link to accept it${d.expiresAt ? ` before ${utc(d.expiresAt)}` : ''}.`,
          'Until they accept, the registration stays yours. You can withdraw the offer on your registration page:',
          ...link,
        ],
      });
    case 'withdrawn':
      return layout(b, `${b.eventName}: you withdrew the offer of your place`, `Dear ${d.firstName},`, {
        blocks: [`The offer of your place to ${d.toName} is withdrawn; the registration stays yours.`, ...link],
      });
    case 'lapsed':
      return layout(b, `${b.eventName}: ${d.toName} did not accept your place`, `Dear ${d.firstName},`, {
        blocks: [`${d.toName} did not accept your place at ${b.eventName} in time, so the offer has lapsed. The registration stays yours.`, ...link],
      });
    case 'accepted':
      return layout(b, `${b.eventName}: ${d.toName} has taken your place`, `Dear ${d.firstName},`, {
        blocks: [
          `${d.toName} has accepted your place at ${b.eventName}. The registration, with its sessions, is theirs now, and your badge no longer admits anyone.`,
          'Thank you for passing the place on. You do not need to do anything.',
        ],
      });
  }
}
