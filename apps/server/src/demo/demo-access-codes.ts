/**
 * The demo events and their access codes: the code-to-content rules (docs/design/web-rules.md, section 6) as rows.
 * The codes are listed to operators in demo-accounts.ts; only their hashes reach the database.
 */
import type { AccessCodeRule, EventDefinition, events } from '@portal/db/schema';

export interface DemoEvent extends EventDefinition, Partial<Pick<typeof events.$inferInsert, 'changesCloseAt' | 'helpDeskEmail' | 'helpDeskPhone'>> {
  id: 'nbc' | 'abc';
}

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    id: 'nbc',
    name: 'National Business Conference 2027',
    providerEventCode: 'NBC27',
    isVirtual: true,
    contentEnvironmentId: '3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01',
    startsOn: '2027-03-01',
    endsOn: '2027-03-04',
    // The FAQ's "date changes are possible until February 19, 2027" (end of that day, Central time).
    changesCloseAt: new Date('2027-02-20T05:59:59Z'),
    helpDeskEmail: 'nbc.helpdesk@corp.example.com',
    helpDeskPhone: '(800) 555-0142',
  },
  {
    id: 'abc',
    name: 'Annual Business Conference 2027',
    providerEventCode: 'ABC27',
    isVirtual: false,
    contentEnvironmentId: '8b2d4e6f-1a3c-4e5b-8d7f-9c0a1b2c3d02',
    startsOn: '2027-09-13',
    endsOn: '2027-09-16',
    // The FAQ's "changes are possible until September 3, 2027" (end of that day, Central time).
    changesCloseAt: new Date('2027-09-04T04:59:59Z'),
    helpDeskEmail: 'abc.helpdesk@corp.example.com',
    helpDeskPhone: '(800) 555-0167',
  },
];

export interface DemoAccessCode extends AccessCodeRule {
  eventId: DemoEvent['id'];
  code: string;
  agendaGroup: 'dealer' | 'general';
  conferenceGroup: 'general' | 'corporatesub' | 'inddist' | 'vendordistributor';
  faqGroup: 'general' | 'corporate';
}

type CodeSpec = Omit<DemoAccessCode, 'eventId' | 'agendaGroup' | 'conferenceGroup' | 'faqGroup' | 'requiresRoster'> &
  Partial<Pick<DemoAccessCode, 'agendaGroup' | 'conferenceGroup' | 'faqGroup' | 'requiresRoster'>>;

const code = (eventId: DemoEvent['id'], spec: CodeSpec): DemoAccessCode => ({
  eventId,
  requiresRoster: false,
  agendaGroup: 'general',
  conferenceGroup: 'general',
  faqGroup: 'general',
  ...spec,
});

export const DEMO_ACCESS_CODES: readonly DemoAccessCode[] = [
  code('nbc', { code: 'DEALER27', label: 'Dealer', policies: [], regType: 'DLR', attendeeType: 'dealer', personCategory: 'dealer_staff', requiresRoster: true, agendaGroup: 'dealer' }),
  code('nbc', { code: 'RETAIL27', label: 'Retailer', policies: [], regType: 'DLR', attendeeType: 'dealer', personCategory: 'dealer_staff', requiresRoster: true, agendaGroup: 'dealer' }),
  code('nbc', { code: 'EXPO27', label: 'Expo', policies: ['expo'], regType: 'EXP', attendeeType: 'expo', personCategory: 'expo' }),
  code('nbc', { code: 'FIELD27', label: 'Field', policies: ['field'], regType: 'FLD', attendeeType: 'field', personCategory: 'field', conferenceGroup: 'corporatesub', faqGroup: 'corporate' }),
  code('nbc', { code: 'CORP27', label: 'Corporate', policies: ['corporate'], regType: 'CORP', attendeeType: 'corporate', personCategory: 'corporate', conferenceGroup: 'corporatesub', faqGroup: 'corporate' }),
  code('nbc', { code: 'SBR27', label: 'SBR', policies: ['general'], regType: 'SBR', attendeeType: 'sbr', personCategory: 'sbr', conferenceGroup: 'corporatesub', faqGroup: 'corporate' }),
  code('nbc', { code: 'PARTNER27', label: 'Partner', policies: ['general'], regType: 'PTR', attendeeType: 'partner', personCategory: 'partner', conferenceGroup: 'corporatesub', faqGroup: 'corporate' }),
  code('nbc', { code: 'INDDIST27', label: 'Independent distributor', policies: ['general'], regType: 'IDST', attendeeType: 'distributor', personCategory: 'independent_distributor', conferenceGroup: 'inddist', faqGroup: 'corporate' }),
  code('nbc', { code: 'VENDOR27', label: 'Vendor', policies: ['general'], regType: 'VND', attendeeType: 'vendor', personCategory: 'vendor', conferenceGroup: 'vendordistributor', faqGroup: 'corporate' }),
  code('nbc', { code: 'DIST27', label: 'Distributor', policies: ['general'], regType: 'DIST', attendeeType: 'distributor', personCategory: 'distributor', conferenceGroup: 'vendordistributor', faqGroup: 'corporate' }),
  code('abc', { code: 'ABC27', label: 'Attendee', policies: ['general'], regType: 'DLR', attendeeType: 'dealer', personCategory: 'attendee' }),
];
