/**
 * Wall-clock times in an event's time zone: `2027-03-01T09:00` at nbc is 09:00 in
 * America/Los_Angeles. An instant with its zone (`…Z`, `…-08:00`) is taken as it is. Used by the
 * sessions module and by the CSV import of sessions.
 */

const ZONED = /(?:Z|[+-]\d{2}:\d{2})$/;

/** Minutes the zone is ahead of UTC at the instant `at`. */
function offsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The instant of a wall-clock time in `timeZone` (or of an instant with its zone). */
export function instantOf(value: string, timeZone: string): Date {
  if (ZONED.test(value)) return new Date(value);
  const wall = Date.parse(`${value}Z`);
  // Two passes: the offset at the guessed instant settles it, also next to a daylight-saving change.
  let at = wall - offsetMinutes(timeZone, wall) * 60_000;
  at = wall - offsetMinutes(timeZone, at) * 60_000;
  return new Date(at);
}
