/**
 * The CSV formats of `npm run import:csv` (docs/csv-import.md). Column order is free; header names
 * match case-insensitively; optional columns may be left out of the header or left blank.
 */
import { PERSON_CATEGORIES } from '@portal/contracts/rules';
import { ATTENDEE_TYPES } from '@portal/db/schema';
import type { ColumnSpec } from './csv-file.ts';

const req = (name: string): ColumnSpec => ({ name, required: true });
const opt = (name: string): ColumnSpec => ({ name, required: false });

export const FILE_KINDS = ['events', 'network', 'rosters', 'accessCodes', 'reportUsers', 'sessions'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const COLUMNS: Record<FileKind, readonly ColumnSpec[]> = {
  events: [req('id'), req('name'), req('provider_event_code'), req('is_virtual'), req('content_environment_id'), req('starts_on'), req('ends_on')],
  network: [
    req('region_code'), req('region_name'), req('objective_pct'),
    req('zone_code'), req('zone_name'),
    req('district_code'), req('district_name'),
    req('dlrnum'), req('store_name'), req('city'), req('state'), opt('complimentary_seats'),
  ],
  rosters: [req('dlrnum'), req('email'), req('first_name'), req('last_name'), req('role')],
  accessCodes: [
    req('event'), req('code'), req('label'), opt('policies'), req('reg_type'), req('attendee_type'), req('person_category'),
    opt('requires_roster'), opt('agenda_group'), opt('conference_group'), opt('faq_group'), opt('active'),
  ],
  reportUsers: [req('email'), opt('name'), opt('active'), opt('scope')],
  sessions: [
    req('event'), opt('id'), req('title'), opt('description'), req('starts_at'), req('ends_at'), req('room'), req('capacity'),
    opt('audience'), opt('track'), opt('entry'),
  ],
};

export const SESSION_ENTRIES = ['picked', 'open'] as const;

export const EVENT_IDS = ['nbc', 'abc'] as const;
export const ROSTER_ROLES = ['executive_manager', 'general_manager', 'staff'] as const;
/** Policies an access code may grant; `reporting` belongs to the report login only. */
export const CODE_POLICIES = ['general', 'expo', 'field', 'corporate'] as const;
/** docs/api-contract.md, "Login": the attendee categories sent back with the enrollment link request. */
export const REG_TYPES = ['DLR', 'CORP', 'FLD', 'SBR', 'DIST', 'IDST', 'VND', 'PTR', 'EXP'] as const;
export const AGENDA_GROUPS = ['general', 'dealer'] as const;
export const CONFERENCE_GROUPS = ['general', 'corporatesub', 'inddist', 'vendordistributor'] as const;
export const FAQ_GROUPS = ['general', 'corporate'] as const;
export { ATTENDEE_TYPES, PERSON_CATEGORIES };

export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME',
  'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR',
  'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export const PATTERNS = {
  regionCode: { re: /^\d{3}$/, shape: '3 digits such as 010' },
  areaCode: { re: /^[A-Za-z0-9][A-Za-z0-9_-]{0,11}$/, shape: '1 to 12 letters, digits, "-" or "_"' },
  dlrnum: { re: /^\d{5}$/, shape: '5 digits such as 10001' },
  providerEventCode: { re: /^[A-Za-z0-9_-]{2,20}$/, shape: '2 to 20 letters, digits, "-" or "_"' },
  accessCode: { re: /^[A-Za-z0-9_-]{4,64}$/, shape: '4 to 64 letters, digits, "-" or "_"' },
} as const;
