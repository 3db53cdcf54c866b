import { reportingPaths } from '../reporting-paths.ts';

/** docs/design/web-rules.md, section 3, "Drill-down state". Level 0 menu, 1 region, 2 zone, 3 district, 4 district detail. */
export type DrillDownLevel = 0 | 1 | 2 | 3 | 4;

export interface DrillDown {
  level: DrillDownLevel;
  regionCode: string;
  regionName: string;
  zoneCode: string;
  zoneName: string;
  districtCode: string;
  districtName: string;
  /**
   * The level the viewer's report scope opens at (1 network, 2 region, 3 zone, 4 district); the
   * levels above it are shown greyed and Back stops there. Absent: 1.
   */
  startLevel?: DrillDownLevel;
}

export interface Crumb {
  label: string;
  /** Null for the current (last) crumb and for greyed ones. */
  to: string | null;
  /** A level above the viewer's report scope: shown greyed, not a link. */
  disabled?: true;
}

/** The words of the first two crumbs (the page's language; English by default). */
export interface CrumbLabels {
  menu: string;
  region: string;
}
const ENGLISH_CRUMBS: CrumbLabels = { menu: 'Report menu', region: 'Region' };

/** Builds the state from route params and search params; a missing name falls back to its code. */
export function drillDownFrom(
  level: DrillDownLevel,
  params: Readonly<Partial<Record<'region' | 'zone' | 'district', string>>>,
  search: URLSearchParams,
): DrillDown {
  const regionCode = level >= 2 ? (params.region ?? '') : '';
  const zoneCode = level >= 3 ? (params.zone ?? '') : '';
  const districtCode = level >= 4 ? (params.district ?? '') : '';
  const name = (key: string, code: string) => (code ? search.get(key)?.trim() || code : '');
  return {
    level,
    regionCode,
    regionName: name('regionName', regionCode),
    zoneCode,
    zoneName: name('zoneName', zoneCode),
    districtCode,
    districtName: name('districtName', districtCode),
  };
}

/** The link of each level, carrying the names the breadcrumb needs. */
function pathOfLevel(d: DrillDown, level: DrillDownLevel): string {
  switch (level) {
    case 0:
      return reportingPaths.menu();
    case 1:
      return reportingPaths.region();
    case 2:
      return reportingPaths.zone(d.regionCode, d);
    case 3:
      return reportingPaths.district(d.regionCode, d.zoneCode, d);
    case 4:
      return reportingPaths.storeDetail(d.regionCode, d.zoneCode, d.districtCode, d);
  }
}

/**
 * Level 1: Report menu, Region; 2 adds the region name; 3 the zone name; 4 the district name.
 * Levels between the menu and the scope's start level are greyed (no link).
 */
export function breadcrumbFor(d: DrillDown, words: CrumbLabels = ENGLISH_CRUMBS): Crumb[] {
  if (d.level === 0) return [];
  const start = d.startLevel ?? 1;
  const labels = [words.menu, words.region, d.regionName, d.zoneName, d.districtName];
  const crumbs: Crumb[] = [];
  for (let i = 0; i <= d.level; i += 1) {
    const label = labels[i] ?? '';
    if (i === d.level) crumbs.push({ label, to: null });
    else if (i > 0 && i < start) crumbs.push({ label, to: null, disabled: true });
    else crumbs.push({ label, to: pathOfLevel(d, i as DrillDownLevel) });
  }
  return crumbs;
}

/** Where Back goes: one drill-down step up (the menu from level 1, and from the scope's start level). */
export function parentPathOf(d: DrillDown): string {
  if (d.level <= (d.startLevel ?? 1)) return pathOfLevel(d, 0);
  return pathOfLevel(d, (d.level - 1) as DrillDownLevel);
}
