/**
 * Self-service limits and hand-overs of a registration (docs/transfers.md).
 *
 * - Until the event's `changesCloseAt` the attendee changes their own registration through its
 *   link; after it the page is read-only and every change answers 409 naming the help desk.
 * - A registration is offered to a colleague (same store for dealer staff, same company mail
 *   domain for travellers). The colleague accepts through their own mailed link within
 *   TRANSFER_TTL_HOURS; then the registration row, and with it the place, the seat and the session
 *   picks, passes to them; the old badge answers `replaced` at the door and a new one is issued.
 *   Until then nothing moves, and the sender can withdraw the offer. Offers not accepted in time
 *   lapse (`lapseTransfers`, a recurring job).
 *
 * Every step runs in the caller's transaction with its audit row and mails (outbox).
 */
import { randomBytes } from 'node:crypto';
import { TRANSFER_TTL_HOURS, type RegistrationPage, type RegistrationTransfer } from '@portal/contracts';
import type { Db, Tx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { hashToken, issueToken, TOKEN_TTL_MS } from '../../lib/registration-tokens.ts';
import { queueRegistrationMail } from '../mail/mail.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emitRegistrationEvent } from '../webhooks/outbox.ts';
import * as q from './registration.queries.ts';
import * as tq from './transfers.queries.ts';

export const TRANSFER_TTL_MS = TRANSFER_TTL_HOURS * 60 * 60 * 1000;

type EventRow = NonNullable<Awaited<ReturnType<typeof q.findEvent>>>;
type Locked = NonNullable<Awaited<ReturnType<typeof q.lockForChange>>>;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The help desk as the page shows it; null when the event names none. */
export function helpDeskOf(event: Pick<EventRow, 'helpDeskEmail' | 'helpDeskPhone'>): RegistrationPage['helpDesk'] {
  return event.helpDeskEmail || event.helpDeskPhone ? { email: event.helpDeskEmail, phone: event.helpDeskPhone } : null;
}

export function changesClosed(event: Pick<EventRow, 'changesCloseAt'>, at: Date): boolean {
  return event.changesCloseAt !== null && at >= event.changesCloseAt;
}

/** 409 once the attendee's changes have closed, naming the help desk. */
export function assertChangesOpen(event: Pick<EventRow, 'name' | 'changesCloseAt' | 'helpDeskEmail' | 'helpDeskPhone'>, at: Date): void {
  if (!changesClosed(event, at)) return;
  const { helpDeskPhone: phone, helpDeskEmail: email } = event;
  // Whole sentences, one per case, so each language words them its own way (lib/i18n).
  const desk = phone && email ? `Please contact the help desk at ${phone} or ${email}.` : phone || email ? `Please contact the help desk at ${phone || email}.` : 'Please contact the help desk.';
  throw conflict(`Changes to registrations for ${event.name} closed on ${event.changesCloseAt!.toISOString().slice(0, 10)}. ${desk}`);
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

function transferOf(row: tq.TransferRow, from: { firstName: string; lastName: string }, at: Date): RegistrationTransfer {
  const lapsed = row.status === 'Offered' && row.expiresAt <= at;
  return {
    status: lapsed ? 'Expired' : row.status,
    from: { firstName: from.firstName, lastName: from.lastName },
    to: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The offer of the registration still waiting for an answer, as its sender's page shows it. */
export async function pendingTransferOf(db: Db | Tx, registrationId: number, at: Date): Promise<RegistrationTransfer | null> {
  const row = await tq.liveTransferOf(db, registrationId);
  if (!row || row.expiresAt <= at) return null;
  const from = await tq.personById(db, row.fromPersonId);
  return from ? transferOf(row, from, at) : null;
}

/**
 * Who may take the place: for a store's registration a person on the same store's staff list; for
 * a traveller's, an address of the sender's own company mail domain. 400 naming `email` otherwise.
 */
function assertColleague(
  registration: Locked['registration'],
  sender: { email: string },
  email: string,
  person: Awaited<ReturnType<typeof tq.personByEmail>>,
): void {
  let message: string | null = null;
  if (email === sender.email) message = 'This is your own e-mail address: give the address of the colleague who takes your place.';
  else if (registration.storeDlrnum) {
    if (!person || person.storeDlrnum !== registration.storeDlrnum) {
      message = `The colleague must be on the staff list of the same store (${registration.storeDlrnum}).`;
    }
  } else if (isPlaceholderEmail(sender.email) || domainOf(email) !== domainOf(sender.email)) {
    message = isPlaceholderEmail(sender.email)
      ? 'A place can be handed over once your own e-mail address is on record.'
      : `The colleague must have an address of your company's mail domain (@${domainOf(sender.email)}).`;
  }
  if (message) throw badRequest(message, [{ field: 'email', message }]);
}

async function assertNotRegistered(tx: Tx, eventId: string, personId: number, name: string): Promise<void> {
  const existing = await tq.registrationOfPerson(tx, eventId, personId);
  if (existing) {
    const message = `${name} already has a registration for this event (${existing.status}).`;
    throw new AppError(409, message, [{ field: 'email', message }]);
  }
}

/** A revisit link for the current holder, alive at least until `until` (the page with the pending offer). */
async function holderLink(tx: Tx, registrationId: number, at: Date, base: string | undefined, until?: Date): Promise<string | null> {
  if (!base) return null;
  const ttl = Math.max(TOKEN_TTL_MS.revisit, until ? until.getTime() - at.getTime() : 0);
  return `${base}/register/${await issueToken(tx, registrationId, 'revisit', at, ttl, { mailed: true })}`;
}

export interface TransferInput {
  firstName: string;
  lastName: string;
  email: string;
}

/** `{ action: "transfer" }` on the holder's own link: records the offer and mails both. */
export async function offerTransfer(tx: Tx, locked: Locked, event: EventRow, input: TransferInput, at: Date, base: string | undefined): Promise<{ actorEmail: string; transferId: number }> {
  const { registration, store } = locked;
  if (registration.status !== 'Enrolled') throw conflict('Only a completed registration can be handed to a colleague.');
  assertChangesOpen(event, at);
  const sender = await tq.personById(tx, registration.attendeeId);
  if (!sender) throw conflict('The attendee of this registration no longer exists.');
  const live = await tq.liveTransferOf(tx, registration.id, { lock: true });
  if (live && live.expiresAt > at) throw conflict(`Your place is already offered to ${fullName(live)}. Withdraw that offer first.`);
  if (live) await tq.decideTransfer(tx, live.id, 'Expired', at);
  const email = input.email.trim().toLowerCase();
  const person = await tq.personByEmail(tx, email);
  assertColleague(registration, sender, email, person);
  if (person) await assertNotRegistered(tx, registration.eventId, person.id, fullName(person));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(at.getTime() + TRANSFER_TTL_MS);
  // A colleague already on record keeps the names on record.
  const names = person ? { firstName: person.firstName, lastName: person.lastName } : { firstName: input.firstName.trim(), lastName: input.lastName.trim() };
  const transferId = await tq.insertTransfer(tx, {
    registrationId: registration.id,
    eventId: registration.eventId,
    fromPersonId: sender.id,
    ...names,
    email,
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: at,
  });
  if (base) {
    await enqueueMail(
      tx,
      {
        kind: 'transfer-offer',
        to: email,
        event: registration.eventId,
        data: { firstName: names.firstName, fromName: fullName(sender), storeName: store ? (await q.summaryOf(tx, registration.id))?.store?.name ?? null : null, link: `${base}/register/${token}`, expiresAt: expiresAt.toISOString() },
      },
      at,
    );
  }
  if (!isPlaceholderEmail(sender.email)) {
    const link = await holderLink(tx, registration.id, at, base, expiresAt);
    await enqueueMail(tx, { kind: 'transfer-notice', to: sender.email, event: registration.eventId, data: { firstName: sender.firstName, what: 'offered', toName: fullName(names), expiresAt: expiresAt.toISOString(), link } }, at);
  }
  return { actorEmail: sender.email, transferId };
}

/** `{ action: "withdrawTransfer" }` on the holder's own link: the offer ends, nothing moved. */
export async function withdrawTransfer(tx: Tx, locked: Locked, at: Date, base: string | undefined, { quiet = false }: { quiet?: boolean } = {}): Promise<number | null> {
  const { registration } = locked;
  const live = await tq.liveTransferOf(tx, registration.id, { lock: true });
  if (!live || live.expiresAt <= at) {
    if (quiet) return null;
    throw conflict('There is no offer of your place waiting for an answer.');
  }
  await tq.decideTransfer(tx, live.id, 'Withdrawn', at);
  const sender = await tq.personById(tx, live.fromPersonId);
  const fromName = sender ? fullName(sender) : 'Your colleague';
  await enqueueMail(tx, { kind: 'transfer-offer-ended', to: live.email, event: registration.eventId, data: { firstName: live.firstName, fromName } }, at);
  if (!quiet && sender && !isPlaceholderEmail(sender.email)) {
    const link = await holderLink(tx, registration.id, at, base);
    await enqueueMail(tx, { kind: 'transfer-notice', to: sender.email, event: registration.eventId, data: { firstName: sender.firstName, what: 'withdrawn', toName: fullName(live), link } }, at);
  }
  return live.id;
}

/** Why a colleague's link cannot be used (409 accepted or withdrawn, 410 lapsed). */
function offerRefusal(row: tq.TransferRow, at: Date): AppError | null {
  if (row.status === 'Accepted') return new AppError(409, 'You have accepted this place already. Your own registration link came with the confirmation mail.');
  if (row.status === 'Withdrawn') return new AppError(409, 'This offer was withdrawn by the colleague who made it.');
  if (row.status === 'Expired' || row.expiresAt <= at) return new AppError(410, `This offer has lapsed: it was not accepted within ${TRANSFER_TTL_HOURS} hours.`);
  return null;
}

/**
 * A holder's link that ended because the place passed to a colleague says so (410), instead of
 * "expired"; any other refusal of `findLiveToken` is rethrown as it was.
 */
export async function explainEndedLink(db: Db | Tx, token: string, error: unknown): Promise<never> {
  if (error instanceof AppError && error.statusCode === 410 && TOKEN_SHAPE.test(token)) {
    const to = await tq.handedOverBy(db, hashToken(token));
    if (to) throw new AppError(410, `Your place has passed to ${fullName(to)}, who accepted it: this link no longer opens the registration.`);
  }
  throw error;
}

/** The offer behind a colleague's link, or undefined when the token is not one (then it is a registration link). */
export async function offerOfToken(db: Db | Tx, token: string, { lock = false }: { lock?: boolean } = {}): Promise<tq.TransferRow | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return tq.transferByTokenHash(db, hashToken(token), { lock });
}

/** What the colleague's link shows: the place offered, never the sender's badge or address. */
export async function offerPage(db: Db, row: tq.TransferRow, event: EventRow, at: Date): Promise<RegistrationPage> {
  const refusal = offerRefusal(row, at);
  if (refusal) throw refusal;
  const summary = await q.summaryOf(db, row.registrationId);
  const from = await tq.personById(db, row.fromPersonId);
  if (!summary || !from || summary.status !== 'Enrolled') throw conflict('This place is no longer available: the registration has changed since it was offered.');
  return {
    ...summary,
    attendee: { ...summary.attendee, email: null },
    badge: null,
    purpose: 'transfer',
    expiresAt: row.expiresAt.toISOString(),
    emailEditable: false,
    changesCloseAt: event.changesCloseAt?.toISOString() ?? null,
    changesClosed: changesClosed(event, at),
    helpDesk: helpDeskOf(event),
    transfer: transferOf(row, from, at),
  };
}

/**
 * `{ action: "acceptTransfer" }` on the colleague's link: the registration passes to them. Locks in
 * the order every change of a registration takes (store, registration), then the offer.
 */
export async function acceptTransfer(tx: Tx, offer: tq.TransferRow, at: Date, base: string | undefined, ip: string): Promise<{ registrationId: number; eventId: string }> {
  const locked = await q.lockForChange(tx, { id: offer.registrationId });
  const row = await tq.transferById(tx, offer.id);
  if (!locked || !row) throw conflict('This place is no longer available.');
  const refusal = offerRefusal(row, at);
  if (refusal) throw refusal;
  const { registration } = locked;
  if (registration.status !== 'Enrolled' || registration.attendeeId !== row.fromPersonId) {
    throw conflict('This place is no longer available: the registration has changed since it was offered.');
  }
  const badge = await tq.lockBadgeState(tx, registration.id);
  if (badge?.checkedInAt) throw conflict('This place has already been used at the door and can no longer be handed over.');
  const sender = await tq.personById(tx, row.fromPersonId);
  if (!sender) throw conflict('This place is no longer available.');
  const known = await tq.personByEmail(tx, row.email);
  assertColleague(registration, sender, row.email, known);
  if (known) await assertNotRegistered(tx, registration.eventId, known.id, fullName(known));
  // A traveller's colleague new to the portal: the address is proven, the link came to it by mail.
  const personId =
    known?.id ??
    (await tq.insertPerson(tx, { email: row.email, firstName: row.firstName, lastName: row.lastName, storeDlrnum: null, category: sender.category, company: sender.company, emailVerified: true }));
  const person = known ?? { firstName: row.firstName, lastName: row.lastName };

  await tq.moveRegistration(tx, registration.id, personId, at);
  await tq.retireHolderAccess(tx, registration.id, at);
  await tq.decideTransfer(tx, row.id, 'Accepted', at, personId);
  await emitRegistrationEvent(tx, 'registration.transferred', registration.id, at, {
    previousAttendee: { personId: sender.id, firstName: sender.firstName, lastName: sender.lastName, email: isPlaceholderEmail(sender.email) ? null : sender.email },
  });

  // Both are told: the colleague with the confirmation (badge, calendar file, own link), the sender that it is done.
  const revisitUrl = base ? `${base}/register/${await issueToken(tx, registration.id, 'revisit', at, undefined, { mailed: true })}` : null;
  await queueRegistrationMail(tx, { kind: 'registration-confirmed', registrationId: registration.id, revisitUrl, now: at });
  if (!isPlaceholderEmail(sender.email)) {
    await enqueueMail(tx, { kind: 'transfer-notice', to: sender.email, event: registration.eventId, data: { firstName: sender.firstName, what: 'accepted', toName: fullName(person) } }, at);
  }
  await audit(tx, {
    action: 'registration-transferred',
    success: true,
    actorEmail: row.email,
    eventId: registration.eventId,
    ip,
    detail: { registrationId: registration.id, transferId: row.id, previousPersonId: sender.id, personId, newPerson: !known },
  });
  return { registrationId: registration.id, eventId: registration.eventId };
}

/** Offers past their expiry lapse; the sender is told, with a fresh link to their page. Answers how many. */
export async function lapseTransfers(db: Db, now: Date, base: string | undefined): Promise<number> {
  let lapsed = 0;
  for (;;) {
    const due = await tq.dueTransfers(db, now, 100);
    if (!due.length) return lapsed;
    for (const { id, registrationId } of due) {
      await db.transaction(async (tx) => {
        const locked = await q.lockForChange(tx, { id: registrationId });
        const row = await tq.transferById(tx, id);
        if (!row || row.status !== 'Offered' || row.expiresAt > now) return;
        await tq.decideTransfer(tx, id, 'Expired', now);
        const sender = await tq.personById(tx, row.fromPersonId);
        const stillTheirs = locked?.registration.status === 'Enrolled' && locked.registration.attendeeId === row.fromPersonId;
        if (sender && stillTheirs && !isPlaceholderEmail(sender.email)) {
          const link = await holderLink(tx, registrationId, now, base);
          await enqueueMail(tx, { kind: 'transfer-notice', to: sender.email, event: row.eventId, data: { firstName: sender.firstName, what: 'lapsed', toName: fullName(row), link } }, now);
        }
        await audit(tx, { action: 'registration-transfer-lapsed', success: true, eventId: row.eventId, detail: { registrationId, transferId: id } });
        lapsed++;
      });
    }
  }
}
