import { layout, longDate, type Branding, type Rendered } from './layout.ts';

export interface DigestData {
  recipientName: string;
  /** What the scope is, e.g. "Region 010" or "the whole network". */
  scopeLabel: string;
  /** Start of the period (ISO time); null for the first digest. */
  since: string | null;
  until: string;
  totals: { stores: number; enrolledStores: number; registrations: number };
  /** Registrations changed in the period. */
  changes: number;
}

export function digest(b: Branding, d: DigestData): Rendered {
  const period = d.since ? `since ${longDate(d.since)}` : 'so far';
  return layout(b, `${b.eventName}: weekly enrollment digest for ${d.scopeLabel}`, `Dear ${d.recipientName},`, {
    blocks: [
      `Here is the enrollment of ${d.scopeLabel} for ${b.eventName}. ${d.changes} registration${d.changes === 1 ? '' : 's'} changed ${period}; the attached workbook lists them with the totals.`,
      {
        rows: [
          ['Stores', String(d.totals.stores)],
          ['Stores enrolled', String(d.totals.enrolledStores)],
          ['Registrations', String(d.totals.registrations)],
        ],
      },
      { link: b.portalUrl, label: 'Open the reports' },
    ],
  });
}
