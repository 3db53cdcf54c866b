/**
 * Every mail the portal sends, by kind. One folder holds all templates; each renders a subject, a
 * plain-text and an HTML part in the event's branding (layout.ts).
 */
import { confirmAction, type ConfirmActionData, type ConfirmActionStep } from './confirm-action.ts';
import { digest, type DigestData } from './digest.ts';
import type { Branding, Rendered } from './layout.ts';
import { confirmEmail, registrationLink, type ConfirmEmailData, type RegistrationLinkData } from './links.ts';
import { registrationCancelled, registrationChanged, registrationConfirmed, type RegistrationMailData } from './registration.ts';
import { linkReminder, storeReminder, type LinkReminderData, type StoreReminderData } from './reminders.ts';
import { organizerSignInCode, type OrganizerSignInCodeData } from './organizer.ts';
import { sessionAgenda, sessionCancelled, sessionOffer, sessionOfferExpired, type SessionAgendaData, type SessionEndedData, type SessionOfferData } from './sessions.ts';
import { transferNotice, transferOffer, transferOfferEnded, type TransferNoticeData, type TransferOfferData, type TransferOfferEndedData } from './transfers.ts';
import { waitlistClosed, waitlistJoined, waitlistOffer, waitlistOfferExpired, type WaitlistEndedData, type WaitlistJoinedData, type WaitlistOfferData } from './waitlist.ts';

export type { Branding, Rendered } from './layout.ts';
export { brandingOf } from './layout.ts';
export type { ConfirmActionData, ConfirmActionStep };
export type { WaitlistEndedData, WaitlistJoinedData, WaitlistOfferData };
export type { SessionAgendaData, SessionEndedData, SessionOfferData };
export type { TransferNoticeData, TransferOfferData, TransferOfferEndedData };
export type { ConfirmEmailData, DigestData, LinkReminderData, OrganizerSignInCodeData, RegistrationLinkData, RegistrationMailData, StoreReminderData };

export interface MailDataByKind {
  'registration-confirmed': RegistrationMailData;
  'registration-changed': RegistrationMailData;
  'registration-cancelled': RegistrationMailData;
  'confirm-email': ConfirmEmailData;
  'registration-link': RegistrationLinkData;
  'store-reminder': StoreReminderData;
  'link-reminder': LinkReminderData;
  digest: DigestData;
  'organizer-sign-in-code': OrganizerSignInCodeData;
  'waitlist-joined': WaitlistJoinedData;
  'waitlist-offer': WaitlistOfferData;
  'waitlist-offer-expired': WaitlistEndedData;
  'waitlist-closed': WaitlistEndedData;
  'session-agenda': SessionAgendaData;
  'session-offer': SessionOfferData;
  'session-offer-expired': SessionEndedData;
  'session-cancelled': SessionEndedData;
  'transfer-offer': TransferOfferData;
  'transfer-offer-ended': TransferOfferEndedData;
  'transfer-notice': TransferNoticeData;
  'confirm-action': ConfirmActionData;
}

export type MailKind = keyof MailDataByKind;

const TEMPLATES: { [K in MailKind]: (b: Branding, d: MailDataByKind[K]) => Rendered } = {
  'registration-confirmed': registrationConfirmed,
  'registration-changed': registrationChanged,
  'registration-cancelled': registrationCancelled,
  'confirm-email': confirmEmail,
  'registration-link': registrationLink,
  'store-reminder': storeReminder,
  'link-reminder': linkReminder,
  digest,
  'organizer-sign-in-code': organizerSignInCode,
  'waitlist-joined': waitlistJoined,
  'waitlist-offer': waitlistOffer,
  'waitlist-offer-expired': waitlistOfferExpired,
  'waitlist-closed': waitlistClosed,
  'session-agenda': sessionAgenda,
  'session-offer': sessionOffer,
  'session-offer-expired': sessionOfferExpired,
  'session-cancelled': sessionCancelled,
  'transfer-offer': transferOffer,
  'transfer-offer-ended': transferOfferEnded,
  'transfer-notice': transferNotice,
  'confirm-action': confirmAction,
};

export const MAIL_KINDS = Object.keys(TEMPLATES) as MailKind[];

export function renderMail<K extends MailKind>(kind: K, branding: Branding, data: MailDataByKind[K]): Rendered {
  return TEMPLATES[kind](branding, data);
}
