import type { StoreFilter } from '@portal/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStoreDetail } from '../api/get-enrollments.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { queryStateProps } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from '../components/excel-report-table.tsx';
import { StoreFilterSelect } from '../components/store-filter-select.tsx';
import { StoreTotals } from '../components/store-totals.tsx';
import { useDrillDown } from '../hooks/use-drill-down.ts';
import { useReportUser } from '../hooks/use-report-user.ts';
import { breadcrumbFor, parentPathOf } from '../utils/drill-down.ts';
import { EXPORT_NAMES } from '../utils/export-file-name.ts';
import { isStoreFilter } from '@portal/contracts/rules';
import { storeDetailColumns } from '../utils/store-columns.ts';
import { useT } from '../../../i18n/use-t.ts';

/**
 * Whether the detail page was shown before in this document. The filter is written with history
 * replace, so the entry left behind keeps its `?select=`: coming back to it by the browser's Back
 * or Forward would show the old filter, where the spec resets it to ALL on leaving. Only the page
 * the document was loaded at (a reload, a shared link) keeps the filter its address names.
 */
let shownBefore = false;

/**
 * The filter lives in `?select=` (absent = ALL): it survives a reload, and leaving the page drops it,
 * so the detail opens at ALL again.
 */
function useStoreFilter(): [StoreFilter, (value: StoreFilter) => void] {
  const [search, setSearch] = useSearchParams();
  const [returned, setReturned] = useState(() => shownBefore && search.has('select'));
  useEffect(() => {
    shownBefore = true;
  }, []);
  const raw = search.get('select')?.toUpperCase();
  const value = !returned && isStoreFilter(raw) ? raw : 'ALL';
  const set = useCallback(
    (next: StoreFilter) =>
      setSearch(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'ALL') updated.delete('select');
          else updated.set('select', next);
          return updated;
        },
        { replace: true },
      ),
    [setSearch],
  );
  // Coming back: the address forgets the old filter too (it is what a reload would read).
  useEffect(() => {
    if (returned) set('ALL');
  }, [returned, set]);
  const choose = (next: StoreFilter) => {
    setReturned(false);
    set(next);
  };
  return [value, choose];
}

export function StoreDetailPage() {
  const drillDown = useDrillDown(4);
  const { isVirtual } = useReportUser();
  const [select, setSelect] = useStoreFilter();
  const query = useStoreDetail(drillDown.regionCode, drillDown.zoneCode, drillDown.districtCode, select);
  const stores = query.data?.stores ?? [];
  const totals = query.data?.totals ?? null;
  const t = useT();

  return (
    <ReportPageLayout heading={t('reporting.detail.heading')} crumbs={breadcrumbFor(drillDown, { menu: t('reporting.breadcrumb.menu'), region: t('reporting.level.region') })} backTo={parentPathOf(drillDown)}>
      <StoreFilterSelect value={select} onChange={setSelect} />
      <ExcelReportTable
        label={t('reporting.detail.label')}
        columns={storeDetailColumns(t, isVirtual)}
        rows={stores}
        rowKey={(row, index) => `${row.dlrnum}-${row.loginid}-${index}`}
        exportFileName={t(EXPORT_NAMES.storeDetail)}
        {...queryStateProps(query)}
      />
      {totals && <StoreTotals totals={totals} isVirtual={isVirtual} />}
    </ReportPageLayout>
  );
}
