/** The program's mails (docs/sessions.md): my agenda with its `.ics`, a seat offered, an offer lapsed, a session cancelled. */
import { instantUtc, organizerText, t } from '../../../lib/i18n/i18n.ts';
import { buttonIf, greeting, layout, type Branding, type Rendered } from './layout.ts';

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

export function sessionAgenda(b: Branding, d: SessionAgendaData): Rendered {
  const l = b.language;
  return layout(b, t(l, 'mail.sessions.agenda.subject', { event: b.eventName }), greeting(b, d.firstName), {
    blocks: [
      d.sessions.length ? t(l, 'mail.sessions.agenda.body') : t(l, 'mail.sessions.agenda.none'),
      ...(d.sessions.length ? [{ rows: d.sessions.map((s): [string, string] => [s.when, t(l, 'mail.sessions.agenda.row', { title: organizerText(l, s.title), room: organizerText(l, s.room), status: s.status })]) }] : []),
      ...buttonIf(d.link, t(l, 'mail.sessions.agenda.button')),
    ],
  });
}

export function sessionOffer(b: Branding, d: SessionOfferData): Rendered {
  const l = b.language;
  return layout(b, t(l, 'mail.sessions.offer.subject', { event: b.eventName, title: organizerText(l, d.title) }), greeting(b, d.firstName), {
    blocks: [
      t(l, 'mail.sessions.offer.body', { title: organizerText(l, d.title), when: d.when, deadline: instantUtc(l, d.expiresAt) }),
      ...buttonIf(d.link, t(l, 'mail.sessions.offer.button')),
      t(l, 'mail.sessions.offer.decline'),
    ],
  });
}

export function sessionOfferExpired(b: Branding, d: SessionEndedData): Rendered {
  const l = b.language;
  return layout(b, t(l, 'mail.sessions.expired.subject', { event: b.eventName, title: organizerText(l, d.title) }), greeting(b, d.firstName), {
    blocks: [t(l, 'mail.sessions.expired.body', { title: organizerText(l, d.title), when: d.when })],
  });
}

export function sessionCancelled(b: Branding, d: SessionEndedData): Rendered {
  const l = b.language;
  return layout(b, t(l, 'mail.sessions.cancelled.subject', { event: b.eventName, title: organizerText(l, d.title) }), greeting(b, d.firstName), {
    blocks: [t(l, 'mail.sessions.cancelled.body', { title: organizerText(l, d.title), when: d.when }), { link: b.portalUrl, label: t(l, 'mail.sessions.cancelled.button') }],
  });
}
