/**
 * GET /api/Report/Sessions and /api/Report/Sessions/{id}/Hierarchy (docs/sessions.md): each session's
 * fill within the caller's report scope, and one session's enrolled and attended people by the
 * region, zone or district of their store; `format=xlsx` of either is the server's workbook.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventType, SessionHierarchyData, SessionReportData } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { downloadReportFile, type DownloadedFile } from './download-hierarchy-workbook.ts';
import { reportKeys } from './query-keys.ts';
import { dataWithList } from './read-data.ts';

export type SessionReportLevel = 'Region' | 'Zone' | 'District';

export interface SessionArea {
  region: string;
  zone: string;
}

const FILL_PATH = '/api/Report/Sessions';
const byAreaPath = (session: number) => `/api/Report/Sessions/${session}/Hierarchy`;
const areaQuery = (level: SessionReportLevel, area: SessionArea): Record<string, string> => ({
  reportLevel: level,
  ...(area.region ? { region: area.region } : {}),
  ...(area.zone ? { zone: area.zone } : {}),
});

export const useSessionFill = (event: EventType) =>
  useQuery({
    queryKey: reportKeys.sessionFill(event),
    queryFn: async ({ signal }) => dataWithList(await apiGet<SessionReportData>(FILL_PATH, { event }, signal), 'rows'),
  });

/** One session by area; idle until a session is chosen. The previous area stays shown while the next loads. */
export const useSessionByArea = (session: number | null, level: SessionReportLevel, area: SessionArea) =>
  useQuery({
    queryKey: reportKeys.sessionByArea(session ?? 0, level, area.region, area.zone),
    queryFn: async ({ signal }) => dataWithList(await apiGet<SessionHierarchyData>(byAreaPath(session!), areaQuery(level, area), signal), 'rows'),
    enabled: session !== null,
    placeholderData: keepPreviousData,
  });

export const downloadSessionFill = (event: EventType, signal: AbortSignal): Promise<DownloadedFile> =>
  downloadReportFile(FILL_PATH, { event, format: 'xlsx' }, `sessions-${event}.xlsx`, signal);

export const downloadSessionByArea = (session: number, level: SessionReportLevel, area: SessionArea, signal: AbortSignal): Promise<DownloadedFile> =>
  downloadReportFile(byAreaPath(session), { ...areaQuery(level, area), format: 'xlsx' }, `session-${session}-${level.toLowerCase()}.xlsx`, signal);
