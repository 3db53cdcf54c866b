/** The fixed demo accounts (docs/architecture.md, "Demo data"), printed at start and listed in the README. */
export const DEMO_ACCOUNTS = [
  { event: 'nbc', userName: 'pat.morgan@morgan-motors.example.com', code: 'DEALER27', what: 'dealer, executive manager of store 10001 (general manager Jordan Lee)' },
  { event: 'nbc', userName: 'jordan.lee@morgan-motors.example.com', code: 'DEALER27', what: 'dealer staff of store 10001' },
  { event: 'nbc', userName: 'any store-roster e-mail', code: 'RETAIL27', what: 'second retailer code (dealer agenda)' },
  { event: 'nbc', userName: 'any e-mail', code: 'EXPO27', what: 'expo (expo policy)' },
  { event: 'nbc', userName: 'field.user@corp.example.com', code: 'FIELD27', what: 'field (field policy), report scope network' },
  { event: 'nbc', userName: 'corp.user@corp.example.com', code: 'CORP27', what: 'corporate (corporate policy), report scope network' },
  { event: 'nbc', userName: 'region.manager@corp.example.com', code: 'FIELD27', what: 'field, report scope region 010' },
  { event: 'nbc', userName: 'zone.manager@corp.example.com', code: 'FIELD27', what: 'field, report scope zone 011 (in region 010)' },
  { event: 'nbc', userName: 'district.manager@corp.example.com', code: 'FIELD27', what: 'field, report scope district 011001' },
  { event: 'nbc', userName: 'any e-mail', code: 'SBR27, PARTNER27, INDDIST27, VENDOR27, DIST27', what: 'the other traveller codes' },
  { event: 'abc', userName: 'any e-mail, with first and last name', code: 'ABC27', what: 'annual conference attendee' },
  { event: 'report login', userName: 'reports@corp.example.com', code: 'REPORTS27', what: 'report user on the report-user list, report scope network' },
  { event: 'console /admin', userName: 'admin@corp.example.com', code: 'Organizer-Demo-2027', what: 'organizer (password, no TOTP)' },
  { event: 'door /checkin', userName: 'Door 1 (nbc)', code: 'DOOR-NBC-27', what: 'door device pairing code (demo mode only; walk-in and substitution rights)' },
] as const;

/** The demo door device (docs/event-days.md): its published pairing code pairs again and again, in demo mode only. */
export const DEMO_DOOR = { eventId: 'nbc', name: 'Door 1', pairingCode: 'DOOR-NBC-27' } as const;

/** The organizer account of demo mode (docs/organizer-console.md). */
export const DEMO_ORGANIZER = { email: 'admin@corp.example.com', password: 'Organizer-Demo-2027', name: 'Demo Organizer' } as const;

export function formatDemoAccounts(): string {
  const rows = DEMO_ACCOUNTS.map((a) => `  ${a.event.padEnd(13)} ${a.userName.padEnd(40)} ${a.code.padEnd(12)} ${a.what}`);
  return ['Demo accounts (user name / access code):', ...rows].join('\n');
}
