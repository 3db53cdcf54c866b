/** The console's routes (all below `/admin`, the lazy chunk's mount point in src/app/router.tsx). */
export const adminPaths = {
  root: '/admin',
  events: '/admin/events',
  accessCodes: '/admin/access-codes',
  registrations: '/admin/registrations',
  registration: (id: number) => `/admin/registrations/${id}`,
  people: '/admin/people',
  import: '/admin/import',
  audit: '/admin/audit',
  outbox: '/admin/outbox',
  webhooks: '/admin/webhooks',
  eventDays: '/admin/event-days',
  waitlists: '/admin/waitlists',
  sessions: '/admin/sessions',
  questions: '/admin/questions',
  organizers: '/admin/organizers',
  account: '/admin/account',
} as const;

export const ADMIN_NAV: readonly { to: string; label: string }[] = [
  { to: adminPaths.registrations, label: 'Registrations' },
  { to: adminPaths.waitlists, label: 'Waiting lists' },
  { to: adminPaths.accessCodes, label: 'Access codes' },
  { to: adminPaths.events, label: 'Events' },
  { to: adminPaths.eventDays, label: 'Event days' },
  { to: adminPaths.people, label: 'People' },
  { to: adminPaths.import, label: 'Import' },
  { to: adminPaths.outbox, label: 'Outbox' },
  { to: adminPaths.webhooks, label: 'Webhooks' },
  { to: adminPaths.audit, label: 'Audit log' },
  { to: adminPaths.organizers, label: 'Organizers' },
  { to: adminPaths.account, label: 'My account' },
];
