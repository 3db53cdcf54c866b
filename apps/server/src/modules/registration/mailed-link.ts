/**
 * Proof of the mailbox. A session proves only the access code and an e-mail address a colleague
 * may know, so a link it obtained (GetRevisitURL, Get{Provider}Link) opens the registration page
 * without the badge and cannot give up or hand over the place. Those steps need a link that went
 * only to the attendee's own address (`registration_tokens.mailed`): the confirmation mail, the
 * waiting list's mails, or the one `requireMailedLink` sends when such a step is tried without it.
 */
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { findLiveToken, issueToken, type LiveToken } from '../../lib/registration-tokens.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { ConfirmActionStep } from '../mail/templates/index.ts';
import * as q from './registration.queries.ts';

/** The steps of the hosted page that only a mailed link may take. */
export type MailedLinkStep = Extract<ConfirmActionStep, 'cancel' | 'claim' | 'decline' | 'transfer' | 'badge'>;

/** How long the link mailed for such a step stays usable. */
export const MAILED_STEP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** One such mail per registration and step in this many minutes: a session cannot flood the mailbox. */
export const MAILED_STEP_EVERY_MINUTES = 10;

const DOING: Record<MailedLinkStep, string> = {
  cancel: 'cancel this registration',
  claim: 'claim this place',
  decline: 'decline this place',
  transfer: 'hand over this place',
  badge: 'see your badge',
};

/**
 * Mails the attendee a fresh link to their own registration page for `step`. Answers the masked
 * address it went to (also when a mail for the same step went out a few minutes ago and this one
 * was not queued again), or null when the attendee has no address to mail.
 */
export async function mailRegistrationLink(
  db: Db,
  registrationId: number,
  options: { step: MailedLinkStep; publicUrl?: string | undefined; now: Date; ip?: string | null | undefined },
): Promise<string | null> {
  const base = options.publicUrl?.replace(/\/+$/, '');
  if (!base) return null;
  const at = options.now;
  const bucket = Math.floor(at.getTime() / (MAILED_STEP_EVERY_MINUTES * 60_000));
  let sentTo: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const registration = await q.lockRegistration(tx, { id: registrationId });
      if (!registration) return;
      const person = await q.findPerson(tx, registration.attendeeId);
      if (!person || isPlaceholderEmail(person.email)) return;
      sentTo = maskEmail(person.email);
      const token = await issueToken(tx, registrationId, 'revisit', at, MAILED_STEP_LINK_TTL_MS, { mailed: true });
      const mail = await enqueueMail(
        tx,
        {
          kind: 'confirm-action',
          to: person.email,
          event: registration.eventId,
          data: { firstName: person.firstName, step: options.step, link: `${base}/register/${token}`, expiresAt: new Date(at.getTime() + MAILED_STEP_LINK_TTL_MS).toISOString() },
          dedupeKey: `confirm-action|${registrationId}|${options.step}|${bucket}`,
        },
        at,
      );
      // Already mailed for this step a moment ago: that link stays the live one.
      if (!mail.queued) tx.rollback();
      await audit(tx, {
        action: 'registration-link-mailed',
        success: true,
        actorEmail: person.email,
        eventId: registration.eventId,
        ip: options.ip ?? null,
        detail: { registrationId, step: options.step, mailId: mail.id },
      });
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return sentTo;
}

/** The 403 of a step tried through a link the attendee's mailbox never saw. */
export function mailedLinkRequired(step: MailedLinkStep, sentTo: string | null): AppError {
  return new AppError(
    403,
    sentTo
      ? `To ${DOING[step]}, please use the link we have just mailed to ${sentTo}: this page was opened from the portal, and only a link from your mailbox can do that.`
      : `To ${DOING[step]}, please use the link in your confirmation mail, or ask the event team.`,
  );
}

/**
 * The guard of a step that gives up or hands over a place (cancel, claim, decline, transfer):
 * answers the live token when it was mailed; otherwise mails the attendee a link for the step and
 * throws 403 naming the masked address. Call it before the step's transaction, with the token of
 * the request.
 */
export async function requireMailedLink(
  db: Db,
  token: string,
  options: { step: MailedLinkStep; publicUrl?: string | undefined; now?: Date | undefined; ip?: string | null | undefined },
): Promise<LiveToken> {
  const at = options.now ?? new Date();
  const live = await findLiveToken(db, token, at);
  if (live.mailed) return live;
  const sentTo = await mailRegistrationLink(db, live.registrationId, { ...options, now: at });
  throw mailedLinkRequired(options.step, sentTo);
}

