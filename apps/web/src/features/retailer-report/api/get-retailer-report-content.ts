/** The report_dashboard content item: page heading, box label and placeholder, button text, report columns. */
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, text, type ReportDashboard } from '../../../lib/content-models.ts';

export interface RetailerReportContent {
  heading: string;
  inputLabel: string;
  inputPlaceholder: string;
  buttonText: string;
  /** The retailer report's columns, comma-separated; '' when the content has none. */
  reportHeaders: string;
}

export function readRetailerReportContent(item: ReportDashboard | null | undefined): RetailerReportContent {
  return {
    heading: text(item?.elements.report_data_header_text),
    inputLabel: text(item?.elements.input_label),
    inputPlaceholder: text(item?.elements.input_placeholder),
    buttonText: text(item?.elements.button_text),
    reportHeaders: text(item?.elements.report_header_text).trim(),
  };
}

/** Report login and the dashboard read the nbc environment (docs/content-model.md). */
export function useRetailerReportContent() {
  const query = useContentItemOfType<ReportDashboard>(CONTENT_TYPES.reportDashboard, [], { eventType: 'nbc' });
  return { ...query, content: readRetailerReportContent(query.data) };
}
