import { ReportTable, type ReportTableProps, type ReportTableText } from '../../../components/ui/table/report-table.tsx';
import { useFormat, useT } from '../../../i18n/use-t.ts';
import { toSheetData } from '../utils/report-columns.ts';
import { ExportButton } from './export-button.tsx';

export interface ExcelReportTableProps<Row> extends Omit<ReportTableProps<Row>, 'text' | 'language'> {
  exportFileName?: string | undefined;
  exportSheetName?: string | undefined;
}

/** The report table kit's words in the reader's language. */
function useReportTableText(): ReportTableText {
  const t = useT();
  return {
    loading: t('reporting.table.loading'),
    noData: t('reporting.table.noData'),
    failed: t('reporting.table.failed'),
    retry: t('reporting.table.retry'),
    showMore: (count, remaining) => t('reporting.table.showMore', { count, remaining }),
    pager: {
      first: t('reporting.pager.first'),
      previous: t('reporting.pager.previous'),
      next: t('reporting.pager.next'),
      last: t('reporting.pager.last'),
      position: (at) => t('reporting.pager.position', { ...at }),
      loading: t('reporting.pager.loading'),
    },
  };
}

/**
 * A report table in the reader's language whose export button saves the shown rows (with the footer
 * rows) as an Excel file, unless the page brings its own export (a server export of every page).
 */
export function ExcelReportTable<Row>({ exportFileName, exportSheetName, ...props }: ExcelReportTableProps<Row>) {
  const text = useReportTableText();
  const { language } = useFormat();
  const { columns, rows, footerRows = [], isLoading = false, error } = props;
  return (
    <ReportTable
      {...props}
      text={text}
      language={language}
      exportControl={
        props.exportControl ?? (
          <ExportButton
            fileName={exportFileName}
            sheetName={exportSheetName}
            disabled={isLoading || Boolean(error) || rows.length === 0}
            getData={() => toSheetData(columns, rows, footerRows)}
          />
        )
      }
    />
  );
}
