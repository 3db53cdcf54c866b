/** Rows as the admin API answers them, for console tests. */
import type { AdminAccessCode, AdminEvent, AdminPerson, AdminRegistration, AdminRegistrationDetail, AuditEntry, OutboxMail } from '@portal/contracts';
import { setAdminSession } from '../utils/admin-session.ts';

export function signInOrganizer(overrides: { mustChangePassword?: boolean } = {}) {
  setAdminSession({ accessToken: 'organizer-token', email: 'admin@corp.example.com', expiresAt: null, mustChangePassword: overrides.mustChangePassword ?? false });
}

export const nbcEvent = (overrides: Partial<AdminEvent> = {}): AdminEvent => ({
  id: 'nbc',
  name: 'National Business Conference 2027',
  providerEventCode: 'NBC27',
  startsOn: '2027-03-01',
  endsOn: '2027-03-04',
  registrationOpensAt: null,
  registrationClosesAt: '2027-02-15T17:00:00.000Z',
  isVirtual: true,
  capacity: null,
  defaultComplimentarySeats: 2,
  reminderDaysBeforeClose: 7,
  retentionDays: null,
  waitlistOfferMinutes: 2880,
  waitlistStoreFirst: false,
  timeZone: 'America/Los_Angeles',
  sessionsOpenAt: null,
  sessionsCloseAt: null,
  changesCloseAt: null,
  helpDeskEmail: null,
  helpDeskPhone: null,
  registrations: { pending: 3, enrolled: 120, cancelled: 4, waitlisted: 0, offered: 0, expired: 0 },
  ...overrides,
});

export const accessCode = (overrides: Partial<AdminAccessCode> = {}): AdminAccessCode => ({
  id: 1,
  event: 'nbc',
  label: 'Dealer',
  category: 'dealer_staff',
  regType: 'DLR',
  policies: ['general'],
  requiresRoster: true,
  storeDlrnum: null,
  storeName: null,
  seats: null,
  expiresAt: null,
  active: true,
  usable: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  logins: 42,
  registrations: 17,
  ...overrides,
});

export const registration = (overrides: Partial<AdminRegistration> = {}): AdminRegistration => ({
  id: 7,
  event: 'nbc',
  status: 'Enrolled',
  attendeeType: 'dealer',
  attendeeId: 70,
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan.lee@morgan-motors.example.com',
  storeDlrnum: '10001',
  storeName: 'Morgan Motors',
  region: '010',
  zone: '011',
  district: '011001',
  isVirtual: false,
  arrivalDate: '2027-03-01',
  departureDate: '2027-03-03',
  enrolledAt: '2026-11-02T10:00:00.000Z',
  createdAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

export const auditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: '2026-11-02T10:00:00.000Z',
  action: 'registration-enrolled',
  success: true,
  actorEmail: 'pat.morgan@morgan-motors.example.com',
  organizerId: null,
  eventId: 'nbc',
  ip: '127.0.0.1',
  detail: { registrationId: 7 },
  ...overrides,
});

export const registrationDetail = (overrides: Partial<AdminRegistrationDetail> = {}): AdminRegistrationDetail => ({
  ...registration(),
  registeredBy: { id: 1, firstName: 'Pat', lastName: 'Morgan', email: 'pat.morgan@morgan-motors.example.com' },
  provider: 'builtin',
  history: [auditEntry()],
  ...overrides,
});

export const person = (overrides: Partial<AdminPerson> = {}): AdminPerson => ({
  id: 5,
  email: 'zone.manager@corp.example.com',
  firstName: 'Zoe',
  lastName: 'Manager',
  category: 'field',
  storeDlrnum: null,
  storeName: null,
  zoneCode: null,
  company: null,
  scope: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const outboxMail = (overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  id: 3,
  kind: 'registration-confirmed',
  to: 'jordan.lee@morgan-motors.example.com',
  eventId: 'nbc',
  subject: 'You are registered',
  status: 'failed',
  attempts: 5,
  lastError: '421 try again later',
  createdAt: '2026-11-02T10:00:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
  registrationId: 7,
  resendOf: null,
  linksRemoved: false,
  ...overrides,
});
