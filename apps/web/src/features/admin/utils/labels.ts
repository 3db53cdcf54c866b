/**
 * The words the console shows for the API's codes (`dealer_staff`, `expo`, `pending`): every code a
 * page lists, filters or edits goes through one of these, so no raw value reaches the screen and no
 * two codes share a label (labels.test.ts).
 */
import type { AccessCodeCategory } from '@portal/contracts';
import { ADMIN_ATTENDEE_TYPES, type ADMIN_OUTBOX_STATUSES, type SCOPE_LEVELS } from '@portal/contracts';
import { badgeTypeLabel } from '@portal/contracts/event-days';

/** A person's category (the access code that admits them), short form for tables and selects. */
export const PERSON_CATEGORY_LABELS: Record<AccessCodeCategory, string> = {
  dealer_staff: 'Dealer staff',
  corporate: 'Corporate',
  field: 'Field',
  sbr: 'SBR',
  distributor: 'Distributor',
  independent_distributor: 'Independent distributor',
  vendor: 'Vendor',
  partner: 'Partner',
  expo: 'Expo visitor',
  attendee: 'Attendee (annual conference)',
};

/** The badge's one-word attendee types (`badgeTypeLabel`), but for the expo visitor, spelled out here. */
export const ATTENDEE_TYPE_LABELS = Object.fromEntries(ADMIN_ATTENDEE_TYPES.map((type) => [type, type === 'expo' ? 'Expo visitor' : badgeTypeLabel(type)])) as Record<
  (typeof ADMIN_ATTENDEE_TYPES)[number],
  string
>;

export const SCOPE_LEVEL_LABELS: Record<(typeof SCOPE_LEVELS)[number], string> = {
  network: 'Whole network',
  region: 'Region',
  zone: 'Zone',
  district: 'District',
};

export const OUTBOX_STATUS_LABELS: Record<(typeof ADMIN_OUTBOX_STATUSES)[number], string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** The label of a code, or the code itself when the API sends one this build does not know yet. */
export function labelOf<K extends string>(labels: Record<K, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}

/** A code without a label of its own, in words: `registration-link` -> `Registration link`. */
export function sentenceCase(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
