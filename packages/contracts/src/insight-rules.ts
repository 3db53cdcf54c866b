/**
 * Runtime values of the reports beyond the seed that the web app needs, without zod, in a module of
 * their own (`@portal/contracts/insight-rules`): only the lazily loaded reporting chunk imports it, so
 * the attendee pages' shared `rules` chunk does not carry them.
 */
import type { EventType } from './auth.ts';

/** Rows per page of the coverage and comparison answers: the default and the most one request may ask for. */
export const INSIGHT_PAGE_DEFAULT = 100;
export const INSIGHT_PAGE_MAX = 500;

/** File names of the coverage and comparison exports (every row, streamed by the server). */
export function coverageExportFileName(event: EventType): string {
  return `Coverage Gaps_${event}.xlsx`;
}
export const EVENT_COMPARISON_EXPORT_FILE_NAME = 'nbc vs abc by Store.xlsx';
