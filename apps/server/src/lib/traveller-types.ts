import type { AttendeeType } from '@portal/db/schema';

/**
 * The attendee types in the order and with the names the traveller report and the retailer report
 * show them. Two modules name them, so the list lives here rather than in either.
 */
export const TRAVELLER_TYPES: ReadonlyArray<{ type: AttendeeType; description: string }> = [
  { type: 'dealer', description: 'Dealer' },
  { type: 'candidate', description: 'Candidate' },
  { type: 'field', description: 'Field' },
  { type: 'corporate', description: 'Corporate' },
  { type: 'distributor', description: 'Distributor' },
  { type: 'vendor', description: 'Vendor' },
  { type: 'sbr', description: 'SBR' },
  { type: 'partner', description: 'Partner' },
  { type: 'expo', description: 'Expo' },
];
