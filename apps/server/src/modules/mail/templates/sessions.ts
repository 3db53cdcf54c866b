/** The program's mails (docs/sessions.md): my agenda with its `.ics`, a seat offered, an offer lapsed, a session cancelled. */
import { layout, type Branding, type Rendered } from './layout.ts';

export interface SessionAgendaData {
  firstName: string;
  /** The person's sessions in order, with their times in the event's time zone. */
  sessions: Array<{ title: string; when: string; room: string; status: 'Enrolled' | 'Waitlisted' | 'Offered' }>;
  /** The event's sessions page. */
  link?: string | null;
}

export interface SessionOfferData {
  firstName: string;
  title: string;
  when: string;
  /** The event's sessions page, where the seat is claimed. */
  link?: string | null;
  expiresAt: string;
}

export interface SessionEndedData {
  firstName: string;
  title: string;
  when: string;
}

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const statusLabel = { Enrolled: 'seat', Waitlisted: 'waiting list', Offered: 'seat offered, claim it' } as const;

export function sessionAgenda(b: Branding, d: SessionAgendaData): Rendered {
  return layout(b, `${b.eventName}: your sessions`, `Dear ${d.firstName},`, {
    blocks: [
      d.sessions.length ? 'These are your sessions. The attached calendar file adds the ones you have a seat in to your calendar.' : 'You have picked no sessions yet.',
      ...(d.sessions.length ? [{ rows: d.sessions.map((s): [string, string] => [s.when, `${s.title} (${s.room}; ${statusLabel[s.status]})`]) }] : []),
      ...(d.link ? [{ link: d.link, label: 'Change your sessions' }] : []),
    ],
  });
}

export function sessionOffer(b: Branding, d: SessionOfferData): Rendered {
  return layout(b, `${b.eventName}: a seat in "${d.title}" is yours if you claim it`, `Dear ${d.firstName},`, {
    blocks: [
      `A seat in "${d.title}" (${d.when}) has become free and is offered to you. Claim it before ${utc(d.expiresAt)}; after that it goes to the next person on the waiting list.`,
      ...(d.link ? [{ link: d.link, label: 'Claim your seat' }] : []),
      'If you no longer want it, you can decline it on the same page (or on your registration page).',
    ],
  });
}

export function sessionOfferExpired(b: Branding, d: SessionEndedData): Rendered {
  return layout(b, `${b.eventName}: your seat offer in "${d.title}" has lapsed`, `Dear ${d.firstName},`, {
    blocks: [`The seat in "${d.title}" (${d.when}) offered to you was not claimed in time and has gone to the next person on the waiting list.`],
  });
}

export function sessionCancelled(b: Branding, d: SessionEndedData): Rendered {
  return layout(b, `${b.eventName}: "${d.title}" is cancelled`, `Dear ${d.firstName},`, {
    blocks: [`We are sorry: the session "${d.title}" (${d.when}) has been cancelled. Your seat or your place on its waiting list is released.`, { link: b.portalUrl, label: 'Pick another session' }],
  });
}
