/**
 * The event team's logistics, built from the attendees' own answers (docs/questions.md): the
 * rooming list night by night and the catering summary. Pure functions over the answers table; the
 * questions they read are named by these keys.
 */
import type { Answers, Question, QuestionOption } from '@portal/contracts';

export const LOGISTICS_KEYS = {
  /** choice: `single` or `sharing`. */
  room: 'room',
  /** text: the colleague's full name, when sharing. */
  roomShareWith: 'room_share_with',
  /** multichoice of dietary needs. */
  dietary: 'dietary',
  /** text: a need not among the options. */
  dietaryOther: 'dietary_other',
  /** boolean: attending the evening gala. */
  gala: 'gala',
  /** text: the guest's name. */
  galaGuest: 'gala_guest',
} as const;

export interface AnsweredAttendee {
  registrationId: number;
  firstName: string;
  lastName: string;
  storeName: string | null;
  arrivalDate: string | null;
  departureDate: string | null;
  answers: Answers;
}

export interface RoomingNight {
  night: string;
  room: number;
  /** `Single`, `Shared`, or `Sharing, colleague not matched` (asked to share; no registration of that name). */
  type: string;
  guests: { name: string; store: string | null; arrivalDate: string; departureDate: string }[];
  /** The colleague named by a guest whose request was not matched. */
  requested: string | null;
}

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();
const normal = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The dates from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 366; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * Night by night from each guest's arrival to the night before their departure. Two attendees who
 * asked to share are paired by name: first those who named each other, then one who named an
 * unpaired colleague who named nobody else. Everyone else has a room of their own.
 */
export function roomingList(attendees: readonly AnsweredAttendee[]): RoomingNight[] {
  const staying = attendees.filter((a): a is AnsweredAttendee & { arrivalDate: string; departureDate: string } => !!a.arrivalDate && !!a.departureDate && a.departureDate > a.arrivalDate);
  const byName = new Map<string, (typeof staying)[number]>();
  for (const a of staying) if (!byName.has(normal(fullName(a)))) byName.set(normal(fullName(a)), a);
  const wants = (a: AnsweredAttendee) => (a.answers[LOGISTICS_KEYS.room] === 'sharing' ? text(a.answers[LOGISTICS_KEYS.roomShareWith]) : null);
  const named = (a: AnsweredAttendee) => {
    const w = wants(a);
    const c = w ? byName.get(normal(w)) : undefined;
    return c && c.registrationId !== a.registrationId ? c : undefined;
  };
  const mate = new Map<number, (typeof staying)[number]>();
  for (const mutualOnly of [true, false]) {
    for (const a of staying) {
      const c = named(a);
      if (!c || mate.has(a.registrationId) || mate.has(c.registrationId)) continue;
      const back = named(c);
      if (mutualOnly ? back?.registrationId !== a.registrationId : back && back.registrationId !== a.registrationId) continue;
      mate.set(a.registrationId, c).set(c.registrationId, a);
    }
  }
  // Rooms in the attendees' order (by name): a pair takes one room.
  const rooms: { guests: (typeof staying)[number][]; type: string; requested: string | null }[] = [];
  const placed = new Set<number>();
  for (const a of staying) {
    if (placed.has(a.registrationId)) continue;
    const c = mate.get(a.registrationId);
    placed.add(a.registrationId);
    if (c) {
      placed.add(c.registrationId);
      rooms.push({ guests: [a, c], type: 'Shared', requested: null });
    } else {
      const w = wants(a);
      rooms.push({ guests: [a], type: w ? 'Sharing, colleague not matched' : 'Single', requested: w });
    }
  }
  if (!staying.length) return [];
  const first = staying.reduce((m, a) => (a.arrivalDate < m ? a.arrivalDate : m), staying[0]!.arrivalDate);
  const last = staying.reduce((m, a) => (a.departureDate > m ? a.departureDate : m), staying[0]!.departureDate);
  const out: RoomingNight[] = [];
  for (const night of datesBetween(first, addDays(last, -1))) {
    rooms.forEach((room, i) => {
      const guests = room.guests.filter((g) => g.arrivalDate <= night && night < g.departureDate);
      if (!guests.length) return;
      out.push({ night, room: i + 1, type: room.type, requested: room.requested, guests: guests.map((g) => ({ name: fullName(g), store: g.storeName, arrivalDate: g.arrivalDate, departureDate: g.departureDate })) });
    });
  }
  return out;
}

export interface CateringSummary {
  needs: QuestionOption[];
  days: { day: string; attendees: number; noNeed: number; counts: Record<string, number> }[];
  otherNeeds: { name: string; need: string }[];
  gala: { attending: number; guests: number; covers: number; guestNames: { guest: string; with: string }[] };
}

/**
 * Per event day, the attendees on site (arrival to departure, both days included; no dates: every
 * day) counted per dietary need; the needs described as "other"; the gala's attendees and guests.
 */
export function cateringSummary(event: { startsOn: string; endsOn: string }, questions: readonly Question[], attendees: readonly AnsweredAttendee[]): CateringSummary {
  const needs = questions.find((q) => q.key === LOGISTICS_KEYS.dietary)?.options ?? [];
  const listOf = (a: AnsweredAttendee) => {
    const v = a.answers[LOGISTICS_KEYS.dietary];
    return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
  };
  const days = datesBetween(event.startsOn, event.endsOn).map((day) => {
    const here = attendees.filter((a) => (!a.arrivalDate || a.arrivalDate <= day) && (!a.departureDate || day <= a.departureDate));
    const counts = Object.fromEntries(needs.map((n) => [n.value, here.filter((a) => listOf(a).includes(n.value)).length]));
    return { day, attendees: here.length, noNeed: here.filter((a) => listOf(a).length === 0).length, counts };
  });
  const otherNeeds = attendees.flatMap((a) => {
    const need = text(a.answers[LOGISTICS_KEYS.dietaryOther]);
    return need ? [{ name: fullName(a), need }] : [];
  });
  const galaGoers = attendees.filter((a) => a.answers[LOGISTICS_KEYS.gala] === true);
  const guestNames = galaGoers.flatMap((a) => {
    const guest = text(a.answers[LOGISTICS_KEYS.galaGuest]);
    return guest ? [{ guest, with: fullName(a) }] : [];
  });
  return { needs, days, otherNeeds, gala: { attending: galaGoers.length, guests: guestNames.length, covers: galaGoers.length + guestNames.length, guestNames } };
}
