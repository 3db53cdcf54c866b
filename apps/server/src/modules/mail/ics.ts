/**
 * The calendar file of a registration mail (RFC 5545). One UID per registration, so a change
 * replaces the entry a confirmation added and a cancellation (METHOD:CANCEL) removes it; SEQUENCE
 * grows with each mail (outbox.ts), as calendar clients expect of a newer version.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Language } from '@portal/contracts';

export interface CalendarInput {
  registrationId: number;
  eventId: string;
  eventName: string;
  location: string;
  /** Whole days, ISO dates; `endsOn` is the last day (inclusive). */
  startsOn: string;
  endsOn: string;
  sequence: number;
  attendee: { name: string; email: string };
  organizer: { name: string; email: string };
  cancelled: boolean;
  url?: string | null | undefined;
  /** The entry's description, in the recipient's language. */
  description?: string | undefined;
  /** The recipient's language: the calendar's LANGUAGE and its texts. */
  language?: Language | undefined;
}

export function calendarUid(eventId: string, registrationId: number): string {
  return `registration-${eventId}-${registrationId}@event-portal`;
}

function day(isoDate: string, plusDays = 0): Date {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

export function registrationCalendar(input: CalendarInput): string {
  const calendar = ical({
    prodId: { company: 'event-portal', product: 'registration', language: input.language === 'fr-CA' ? 'FR' : 'EN' },
    method: input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: calendarUid(input.eventId, input.registrationId),
    sequence: input.sequence,
    start: day(input.startsOn),
    // DTEND of an all-day event is exclusive: the day after the last day.
    end: day(input.endsOn, 1),
    allDay: true,
    summary: input.eventName,
    location: input.location || null,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: input.organizer,
    attendees: [{ name: input.attendee.name, email: input.attendee.email }],
    url: input.url ?? null,
    description: input.description ?? null,
  });
  return calendar.toString();
}
