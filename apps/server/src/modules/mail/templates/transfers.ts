/**
 * The mails of a place handed to a colleague (docs/transfers.md): the offer to the colleague, its
 * end when withdrawn, and the notices to the attendee who offered it.
 */
import { instantUtc, t } from '../../../lib/i18n/i18n.ts';
import { buttonIf, greeting, layout, type Branding, type Rendered } from './layout.ts';

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

export function transferOffer(b: Branding, d: TransferOfferData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.transfer.offer.subject', { event, from: d.fromName }), greeting(b, d.firstName), {
    blocks: [
      d.storeName ? t(l, 'mail.transfer.offer.bodyStore', { from: d.fromName, store: d.storeName, event }) : t(l, 'mail.transfer.offer.body', { from: d.fromName, event }),
      t(l, 'mail.transfer.offer.deadline', { deadline: instantUtc(l, d.expiresAt) }),
      { link: d.link, label: t(l, 'mail.transfer.offer.button') },
      t(l, 'mail.transfer.offer.after'),
    ],
  });
}

export function transferOfferEnded(b: Branding, d: TransferOfferEndedData): Rendered {
  const l = b.language;
  const event = b.eventName;
  return layout(b, t(l, 'mail.transfer.ended.subject', { event }), greeting(b, d.firstName), {
    blocks: [t(l, 'mail.transfer.ended.body', { from: d.fromName, event }), t(l, 'mail.waitlist.closed.nothing')],
  });
}

export function transferNotice(b: Branding, d: TransferNoticeData): Rendered {
  const l = b.language;
  const event = b.eventName;
  const to = d.toName;
  const link = buttonIf(d.link, t(l, d.what === 'offered' ? 'mail.transfer.withdraw' : 'mail.transfer.openRegistration'));
  switch (d.what) {
    case 'offered':
      return layout(b, t(l, 'mail.transfer.offered.subject', { event, to }), greeting(b, d.firstName), {
        blocks: [
          d.expiresAt ? t(l, 'mail.transfer.offered.bodyUntil', { event, to, deadline: instantUtc(l, d.expiresAt) }) : t(l, 'mail.transfer.offered.body', { event, to }),
          t(l, 'mail.transfer.offered.stays'),
          ...link,
        ],
      });
    case 'withdrawn':
      return layout(b, t(l, 'mail.transfer.withdrawn.subject', { event }), greeting(b, d.firstName), {
        blocks: [t(l, 'mail.transfer.withdrawn.body', { to }), ...link],
      });
    case 'lapsed':
      return layout(b, t(l, 'mail.transfer.lapsed.subject', { event, to }), greeting(b, d.firstName), {
        blocks: [t(l, 'mail.transfer.lapsed.body', { to, event }), ...link],
      });
    case 'accepted':
      return layout(b, t(l, 'mail.transfer.accepted.subject', { event, to }), greeting(b, d.firstName), {
        blocks: [t(l, 'mail.transfer.accepted.body', { to, event }), t(l, 'mail.transfer.accepted.thanks')],
      });
  }
}
