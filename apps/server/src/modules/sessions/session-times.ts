/**
 * Session times are given in the event's time zone (docs/sessions.md): `2027-03-01T09:00` at nbc
 * is 09:00 in America/Los_Angeles. An instant with its zone (`…Z`, `…-08:00`) is taken as it is.
 */

export { instantOf } from '../../lib/zoned-time.ts';

/** "Mon, Mar 1, 9:00 AM – 10:30 AM" in the zone, for mails. */
export function timeRange(startsAt: Date, endsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(startsAt);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day}, ${time.format(startsAt)} – ${time.format(endsAt)}`;
}
