import type { StoreFilter } from '@portal/contracts';
import { useSearchParams } from 'react-router';
import { useStoreDetail } from '../api/get-enrollments.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { StoreFilterSelect } from '../components/store-filter-select.tsx';
import { StoreTotals } from '../components/store-totals.tsx';
import { useDrillDown } from '../hooks/use-drill-down.ts';
import { useReportUser } from '../hooks/use-report-user.ts';
import { breadcrumbFor, parentPathOf } from '../utils/drill-down.ts';
import { EXPORT_NAMES } from '../utils/export-file-name.ts';
import { isStoreFilter } from '@portal/contracts/rules';
import { storeDetailColumns } from '../utils/store-columns.ts';

export const STORE_DETAIL_HEADING = 'STORE ENROLLMENT DETAIL';

/**
 * The filter lives in `?select=` (absent = ALL): it survives a reload, and leaving the page drops it,
 * so the detail opens at ALL again.
 */
function useStoreFilter(): [StoreFilter, (value: StoreFilter) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('select')?.toUpperCase();
  const value = isStoreFilter(raw) ? raw : 'ALL';
  const set = (next: StoreFilter) =>
    setSearch(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'ALL') updated.delete('select');
        else updated.set('select', next);
        return updated;
      },
      { replace: true },
    );
  return [value, set];
}

export function StoreDetailPage() {
  const drillDown = useDrillDown(4);
  const { isVirtual } = useReportUser();
  const [select, setSelect] = useStoreFilter();
  const query = useStoreDetail(drillDown.regionCode, drillDown.zoneCode, drillDown.districtCode, select);
  const stores = query.data?.stores ?? [];
  const totals = query.data?.totals ?? null;

  return (
    <ReportPageLayout heading={STORE_DETAIL_HEADING} crumbs={breadcrumbFor(drillDown)} backTo={parentPathOf(drillDown)}>
      <StoreFilterSelect value={select} onChange={setSelect} />
      <ReportTable
        label="Store enrollment detail"
        columns={storeDetailColumns(isVirtual)}
        rows={stores}
        rowKey={(row, index) => `${row.dlrnum}-${row.loginid}-${index}`}
        exportFileName={EXPORT_NAMES.storeDetail}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
      {totals && <StoreTotals totals={totals} isVirtual={isVirtual} />}
    </ReportPageLayout>
  );
}
