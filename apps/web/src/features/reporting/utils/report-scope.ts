import type { ReportScopeInfo } from '@portal/contracts';
import { reportingPaths } from '../reporting-paths.ts';
import type { DrillDownLevel } from './drill-down.ts';

/** The drill-down level a scope opens at: the table one level below the scope, the detail for a district. */
export function scopeStartLevel(scope: Pick<ReportScopeInfo, 'level'> | null | undefined): DrillDownLevel {
  switch (scope?.level) {
    case 'region':
      return 2;
    case 'zone':
      return 3;
    case 'district':
      return 4;
    default:
      return 1;
  }
}

/** The page a scope opens at, with the names its breadcrumb shows. */
export function scopeStartPath(scope: ReportScopeInfo): string {
  const names = { regionName: scope.regionName, zoneName: scope.zoneName, districtName: scope.districtName };
  switch (scope.level) {
    case 'region':
      return reportingPaths.zone(scope.region, names);
    case 'zone':
      return reportingPaths.district(scope.region, scope.zone, names);
    case 'district':
      return reportingPaths.storeDetail(scope.region, scope.zone, scope.district, names);
    default:
      return reportingPaths.region();
  }
}
