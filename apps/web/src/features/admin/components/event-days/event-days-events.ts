/** The events the event-days page switches between. */
export const EVENTS = ['nbc', 'abc'] as const;
export type EventId = (typeof EVENTS)[number];
