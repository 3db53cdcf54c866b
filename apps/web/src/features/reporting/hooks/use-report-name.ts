import { useT } from '../../../i18n/use-t.ts';
import { useReportTypes } from '../api/get-report-types.ts';
import type { ReportSlug } from '../report-catalogue.ts';
import { reportTypeBySlug } from '../report-catalogue.ts';

/** A report's name from the report types content (by id), else its built-in default. */
export function useReportName(slug: ReportSlug): string {
  const type = reportTypeBySlug(slug);
  const { content } = useReportTypes();
  const t = useT();
  return content.names.get(type.id) || t(type.defaultName);
}
