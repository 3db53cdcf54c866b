/**
 * Report scopes on the wire (docs/reports.md, "Report scopes"): how far a field or corporate person or
 * a report user sees into the dealer network. The server enforces the scope on every report route;
 * the web app only reads it to open the drill-down at the scope's level. An organizer sets a scope
 * with `PUT /api/Admin/People/{id}` (`scope: { level, code }`, see admin.ts).
 */

export type ReportScopeLevel = 'network' | 'region' | 'zone' | 'district';

/**
 * `data` of `GET /api/Report/GetReportScope`: the caller's scope with the codes and names of the
 * scope's own level and the levels above it ('' below it, and everywhere for the network).
 */
export interface ReportScopeInfo {
  level: ReportScopeLevel;
  region: string;
  regionName: string;
  zone: string;
  zoneName: string;
  district: string;
  districtName: string;
}
