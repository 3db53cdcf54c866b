/** POST /api/Report/GetEnrollments?reportLevel=All|Region|Zone|District: the network total, the drill-down tables and the store detail. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DataSet,
  DistrictRow,
  RegionRow,
  ReportBody,
  ReportLevel,
  StoreDetailRow,
  StoreCounts,
  StoreFilter,
  StoreFooterRow,
  StoreRow,
  ZoneRow,
} from '@portal/contracts';
import { apiFetch } from '../../../lib/api-client.ts';
import { isStoreFooterRow } from '@portal/contracts/rules';
import { reportKeys } from './query-keys.ts';
import { dataSetTable } from './read-table.ts';

export async function getEnrollments<Row>(level: ReportLevel, body: ReportBody, signal?: AbortSignal): Promise<Row[]> {
  const envelope = await apiFetch<DataSet<Row>>('/api/Report/GetEnrollments', {
    method: 'POST',
    query: { reportLevel: level },
    body,
    ...(signal ? { signal } : {}),
  });
  return dataSetTable(envelope);
}

/**
 * reportLevel=All with every body field empty (docs/design/web-rules.md, section 7): the one row of the network total (of
 * the user's report scope), which the report menu shows. It equals the region table's Grand Total.
 */
export const networkTotalQuery = () =>
  queryOptions({
    queryKey: reportKeys.networkTotal(),
    queryFn: async ({ signal }) =>
      (await getEnrollments<StoreCounts>('All', { region: '', zone: '', district: '', select: '' }, signal))[0] ?? null,
  });

export const regionEnrollmentsQuery = () =>
  queryOptions({
    queryKey: reportKeys.regions(),
    queryFn: ({ signal }) =>
      getEnrollments<RegionRow>('Region', { region: '', zone: '', district: '', select: '' }, signal),
  });

export const zoneEnrollmentsQuery = (region: string) =>
  queryOptions({
    queryKey: reportKeys.zones(region),
    queryFn: ({ signal }) => getEnrollments<ZoneRow>('Zone', { region, zone: '', district: '', select: 'ALL' }, signal),
  });

export const districtEnrollmentsQuery = (region: string, zone: string) =>
  queryOptions({
    queryKey: reportKeys.districts(region, zone),
    queryFn: ({ signal }) =>
      getEnrollments<DistrictRow>('District', { region, zone, district: '', select: 'ALL' }, signal),
  });

export interface StoreDetail {
  /** The store rows, footer excluded. */
  stores: StoreRow[];
  /** The district totals of the footer row, when the server sent one. */
  totals: StoreFooterRow | null;
}

/** Splits the detail answer: rows flagged `isFooterInfo` carry totals and never show as stores. */
export function splitStoreDetail(rows: readonly StoreDetailRow[]): StoreDetail {
  const stores: StoreRow[] = [];
  let totals: StoreFooterRow | null = null;
  for (const row of rows) {
    if (isStoreFooterRow(row)) totals = row;
    else stores.push(row);
  }
  return { stores, totals };
}

export const storeDetailQuery = (region: string, zone: string, district: string, select: StoreFilter) =>
  queryOptions({
    queryKey: reportKeys.storeDetail(region, zone, district, select),
    queryFn: async ({ signal }) =>
      splitStoreDetail(await getEnrollments<StoreDetailRow>('District', { region, zone, district, select }, signal)),
  });

export const useNetworkTotal = (enabled: boolean) => useQuery({ ...networkTotalQuery(), enabled });
export const useRegionEnrollments = () => useQuery(regionEnrollmentsQuery());
export const useZoneEnrollments = (region: string) => useQuery(zoneEnrollmentsQuery(region));
export const useDistrictEnrollments = (region: string, zone: string) => useQuery(districtEnrollmentsQuery(region, zone));
export const useStoreDetail = (region: string, zone: string, district: string, select: StoreFilter) =>
  useQuery(storeDetailQuery(region, zone, district, select));
