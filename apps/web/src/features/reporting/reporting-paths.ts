import type { ReportSlug } from './report-catalogue.ts';

/**
 * Typed links of the reporting area. The drill-down codes are route params; the display names ride
 * along as search params so a reload or a shared link still shows the breadcrumb.
 */
export const REPORTING_BASE = '/nbc/reporting';

export interface DrillDownNames {
  regionName?: string | undefined;
  zoneName?: string | undefined;
  districtName?: string | undefined;
}

const seg = (value: string) => encodeURIComponent(value);

function withNames(path: string, names: DrillDownNames): string {
  const search = new URLSearchParams();
  if (names.regionName) search.set('regionName', names.regionName);
  if (names.zoneName) search.set('zoneName', names.zoneName);
  if (names.districtName) search.set('districtName', names.districtName);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const reportingPaths = {
  menu: () => REPORTING_BASE,
  report: (slug: ReportSlug) => `${REPORTING_BASE}/${slug}`,
  region: () => `${REPORTING_BASE}/region`,
  zone: (region: string, names: DrillDownNames = {}) =>
    withNames(`${REPORTING_BASE}/region/${seg(region)}/zone`, { regionName: names.regionName }),
  district: (region: string, zone: string, names: DrillDownNames = {}) =>
    withNames(`${REPORTING_BASE}/region/${seg(region)}/zone/${seg(zone)}/district`, {
      regionName: names.regionName,
      zoneName: names.zoneName,
    }),
  storeDetail: (region: string, zone: string, district: string, names: DrillDownNames = {}) =>
    withNames(`${REPORTING_BASE}/region/${seg(region)}/zone/${seg(zone)}/district/${seg(district)}/`, names),
};
