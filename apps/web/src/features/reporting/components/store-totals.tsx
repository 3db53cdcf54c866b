import { Fragment } from 'react';
import type { StoreFooterRow } from '@portal/contracts';
import { formatCell } from '../../../components/ui/table/report-columns.ts';
import type { Translate } from '../utils/report-columns.ts';
import { useFormat, useT } from '../../../i18n/use-t.ts';

interface TotalLine {
  label: string;
  value: number;
}

/** The district totals of the store detail; the virtual lines only for a virtual program. */
export function storeTotalLines(t: Translate, totals: StoreFooterRow, isVirtual: boolean): TotalLine[] {
  const lines: TotalLine[] = [
    { label: t('reporting.totals.enrolledFree'), value: totals.enrollAtdFree },
    { label: t('reporting.totals.enrolledPaid'), value: totals.enrollAtdPay },
  ];
  if (isVirtual) {
    lines.push(
      { label: t('reporting.totals.virtualFree'), value: totals.virtualAttendeeFree },
      { label: t('reporting.totals.virtualPaid'), value: totals.virtualAttendeePay },
    );
  }
  lines.push(
    { label: t('reporting.totals.storesEnrolled'), value: totals.enrollDealer },
    { label: t('reporting.totals.storesNotEnrolled'), value: totals.notEnrollDealer },
  );
  return lines;
}

export function StoreTotals({ totals, isVirtual }: { totals: StoreFooterRow; isVirtual: boolean }) {
  const t = useT();
  const { language } = useFormat();
  return (
    <section aria-labelledby="store-totals-heading" className="store-totals mb-4">
      <h3 id="store-totals-heading" className="h6 text-uppercase">
        {t('reporting.totals.heading')}
      </h3>
      <dl className="row mb-0" style={{ maxWidth: '28rem' }}>
        {storeTotalLines(t, totals, isVirtual).map((line) => (
          <Fragment key={line.label}>
            <dt className="col-8 fw-normal">{line.label}</dt>
            <dd className="col-4 text-end fw-semibold mb-1">{formatCell(line.value, 'number', language)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
