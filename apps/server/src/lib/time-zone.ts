/** Whether the name is an IANA time zone this runtime knows (an event's `timeZone`, docs/sessions.md). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
