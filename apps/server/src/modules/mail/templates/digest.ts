import { formatNumber, t } from '../../../lib/i18n/i18n.ts';
import { greeting, layout, longDate, type Branding, type Rendered } from './layout.ts';

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
  const l = b.language;
  const values = { scope: d.scopeLabel, event: b.eventName, changes: d.changes };
  return layout(b, t(l, 'mail.digest.subject', { event: b.eventName, scope: d.scopeLabel }), greeting(b, d.recipientName), {
    blocks: [
      d.since ? t(l, 'mail.digest.bodySince', { ...values, date: longDate(d.since, l) }) : t(l, 'mail.digest.bodySoFar', values),
      {
        rows: [
          [t(l, 'mail.digest.stores'), formatNumber(l, d.totals.stores)],
          [t(l, 'mail.digest.storesEnrolled'), formatNumber(l, d.totals.enrolledStores)],
          [t(l, 'mail.digest.registrations'), formatNumber(l, d.totals.registrations)],
        ],
      },
      { link: b.portalUrl, label: t(l, 'mail.digest.button') },
    ],
  });
}
