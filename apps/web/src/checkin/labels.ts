/** Attendee types as the door shows them. */
const TYPE_LABELS: Record<string, string> = {
  dealer: 'Dealer',
  candidate: 'Candidate',
  field: 'Field',
  corporate: 'Corporate',
  distributor: 'Distributor',
  vendor: 'Vendor',
  sbr: 'SBR',
  partner: 'Partner',
  expo: 'Expo',
};

export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}
