import type { ImportKind } from '@portal/contracts';

/** What each file holds, in the words of docs/csv-import.md. */
export const IMPORT_KIND_INFO: Record<ImportKind, { label: string; columns: string }> = {
  network: { label: 'Network (regions, zones, districts, stores)', columns: 'region_code, region_name, objective_pct, zone_code, zone_name, district_code, district_name, dlrnum, store_name, city, state, complimentary_seats' },
  rosters: { label: 'Rosters (store staff and managers)', columns: 'dlrnum, email, first_name, last_name, role' },
  'access-codes': { label: 'Access codes', columns: 'event, code, label, reg_type, attendee_type, person_category, …' },
  'report-users': { label: 'Report users', columns: 'email, name, active, scope (network, region:CODE, zone:CODE or district:CODE)' },
  sessions: { label: 'Sessions (the program)', columns: 'event, id, title, description, starts_at, ends_at (YYYY-MM-DD HH:MM, event time zone), room, capacity, audience, track, entry' },
};

/** Counts per entity as one sentence ("stores: 3 new, 1 changed, 10 unchanged"). */
export function countsText(counts: Record<string, { inserted: number; updated: number; unchanged: number; detached?: number | undefined }> | null): string[] {
  if (!counts) return [];
  return Object.entries(counts).map(([entity, c]) => {
    const parts = [`${c.inserted} new`, `${c.updated} changed`, `${c.unchanged} unchanged`];
    if (c.detached) parts.push(`${c.detached} removed from rosters`);
    return `${entity}: ${parts.join(', ')}`;
  });
}
