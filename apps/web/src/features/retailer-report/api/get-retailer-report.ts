/** GET /api/Report/GetRetailerReport?eventCode&reportHeaders: the retailer report as a base64 spreadsheet. */
import type { Envelope, RetailerReportData } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';

export interface RetailerReportRequest {
  eventCode: string;
  /** The comma-separated column list of the report_dashboard content. */
  reportHeaders: string;
}

export function getRetailerReport(request: RetailerReportRequest, signal?: AbortSignal): Promise<Envelope<RetailerReportData>> {
  return apiGet<RetailerReportData>('/api/Report/GetRetailerReport', { ...request }, signal);
}
