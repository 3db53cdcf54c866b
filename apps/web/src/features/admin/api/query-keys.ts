/** Every console query key comes from here, so a change can invalidate a whole branch. */
export type ListParams = Record<string, string | number | undefined>;

export const adminKeys = {
  all: ['admin'] as const,
  events: () => [...adminKeys.all, 'events'] as const,
  accessCodes: (event: string) => [...adminKeys.all, 'access-codes', event] as const,
  registrations: () => [...adminKeys.all, 'registrations'] as const,
  registrationList: (params: ListParams) => [...adminKeys.registrations(), 'list', params] as const,
  registration: (id: number) => [...adminKeys.registrations(), 'detail', id] as const,
  people: () => [...adminKeys.all, 'people'] as const,
  peopleList: (params: ListParams) => [...adminKeys.people(), 'list', params] as const,
  outbox: (params: ListParams) => [...adminKeys.all, 'outbox', params] as const,
  audit: (params: ListParams) => [...adminKeys.all, 'audit', params] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  organizers: () => [...adminKeys.all, 'organizers'] as const,
  organizerList: (params: ListParams) => [...adminKeys.organizers(), 'list', params] as const,
  webhooks: () => [...adminKeys.all, 'webhooks'] as const,
  webhookDeliveries: (id: number, params: ListParams) => [...adminKeys.webhooks(), 'deliveries', id, params] as const,
  eventDays: () => [...adminKeys.all, 'event-days'] as const,
  checkInDevices: (event: string) => [...adminKeys.eventDays(), 'devices', event] as const,
  arrivals: (event: string, params: ListParams) => [...adminKeys.eventDays(), 'arrivals', event, params] as const,
  notArrived: (event: string, params: ListParams) => [...adminKeys.eventDays(), 'not-arrived', event, params] as const,
  conflicts: (event: string) => [...adminKeys.eventDays(), 'conflicts', event] as const,
  checkInActivity: (event: string) => [...adminKeys.eventDays(), 'activity', event] as const,
};
