import { Fragment } from 'react';
import type { StoreFooterRow } from '@portal/contracts';
import { formatCell } from '../utils/report-columns.ts';

interface TotalLine {
  label: string;
  value: number;
}

/** The district totals of the store detail; the virtual lines only for a virtual program. */
export function storeTotalLines(totals: StoreFooterRow, isVirtual: boolean): TotalLine[] {
  const lines: TotalLine[] = [
    { label: 'Enrolled attendees (free)', value: totals.enrollAtdFree },
    { label: 'Enrolled attendees (paid)', value: totals.enrollAtdPay },
  ];
  if (isVirtual) {
    lines.push(
      { label: 'Virtual attendees (free)', value: totals.virtualAttendeeFree },
      { label: 'Virtual attendees (paid)', value: totals.virtualAttendeePay },
    );
  }
  lines.push(
    { label: 'Stores enrolled', value: totals.enrollDealer },
    { label: 'Stores not enrolled', value: totals.notEnrollDealer },
  );
  return lines;
}

export function StoreTotals({ totals, isVirtual }: { totals: StoreFooterRow; isVirtual: boolean }) {
  return (
    <section aria-labelledby="store-totals-heading" className="store-totals mb-4">
      <h3 id="store-totals-heading" className="h6 text-uppercase">
        District totals
      </h3>
      <dl className="row mb-0" style={{ maxWidth: '28rem' }}>
        {storeTotalLines(totals, isVirtual).map((line) => (
          <Fragment key={line.label}>
            <dt className="col-8 fw-normal">{line.label}</dt>
            <dd className="col-4 text-end fw-semibold mb-1">{formatCell(line.value, 'number')}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
