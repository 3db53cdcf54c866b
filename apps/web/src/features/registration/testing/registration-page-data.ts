import type { RegistrationPage } from '@portal/contracts';

/** A pending nbc registration as the hosted registration page receives it; a test changes what it is about. */
export function registrationPageData(changes: Partial<RegistrationPage> = {}): RegistrationPage {
  return {
    purpose: 'register',
    status: 'Pending',
    expiresAt: '2027-02-01T10:00:00.000Z',
    emailEditable: false,
    event: { eventType: 'nbc', name: 'National Business Conference 2027', startsOn: '2027-03-01', endsOn: '2027-03-04', isVirtual: true },
    attendee: { firstName: 'Pat', lastName: 'Morgan', email: 'pat.morgan@morgan-motors.example.com' },
    store: { code: '10001', name: 'Morgan Motors' },
    isVirtual: false,
    arrivalDate: null,
    departureDate: null,
    enrolledAt: null,
    isFree: false,
    changesCloseAt: null,
    changesClosed: false,
    helpDesk: { email: 'nbc.helpdesk@corp.example.com', phone: '(800) 555-0142' },
    ...changes,
  };
}
