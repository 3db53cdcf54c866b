import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLanguageForTests, setLanguage } from '../../../i18n/language.ts';
import { exportToExcel } from '../export/export-to-excel.ts';
import type { ReportColumn } from '../../../components/ui/table/report-columns.ts';
import { allRows } from '../utils/report-columns.ts';
import { ROWS_PER_PAGE } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from './excel-report-table.tsx';
import { renderWithIntl } from '../../../testing/intl.tsx';
import { reportingMessages } from '../messages.ts';

const render = (ui: ReactElement) => renderWithIntl(ui, reportingMessages);

vi.mock('../export/export-to-excel.ts', () => ({ exportToExcel: vi.fn(async () => 'x.xlsx') }));

interface Row {
  name: string;
  count: number;
}
const columns: ReportColumn<Row>[] = [
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'count', header: 'Count', value: (r) => r.count, format: 'number' },
];
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Row ${i}`, count: i * 1000 }));

describe('ExcelReportTable', () => {
  it("shows 'No data to display' across all columns when empty", () => {
    render(<ExcelReportTable label="T" columns={columns} rows={[]} rowKey={(r) => r.name} />);
    const cell = screen.getByText('No data to display');
    expect(cell).toHaveAttribute('colspan', '2');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });

  it('formats numbers for display and keeps them numeric in the export', async () => {
    const user = userEvent.setup();
    render(<ExcelReportTable label="T" columns={columns} rows={rowsOf(3)} rowKey={(r) => r.name} exportFileName="Things" />);
    expect(screen.getByText('2,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const [request] = vi.mocked(exportToExcel).mock.calls.at(-1)!;
    expect(request.fileName).toBe('Things');
    expect(request.data.headers).toEqual(['Name', 'Count']);
    expect(allRows(request.data)).toEqual([['Row 0', 0], ['Row 1', 1000], ['Row 2', 2000]]);
  });

  it(`draws ${ROWS_PER_PAGE} rows at a time but exports them all`, async () => {
    const user = userEvent.setup();
    const rows = rowsOf(ROWS_PER_PAGE + 250);
    render(<ExcelReportTable label="Big" columns={columns} rows={rows} rowKey={(r) => r.name} />);
    // Role queries over a thousand rows are slow in jsdom; count the body rows directly.
    const bodyRows = () => screen.getByRole('table', { name: 'Big' }).querySelectorAll('tbody tr');
    expect(bodyRows()).toHaveLength(ROWS_PER_PAGE);
    await user.click(screen.getByRole('button', { name: 'Show 250 more of 250 remaining rows' }));
    expect(bodyRows()).toHaveLength(ROWS_PER_PAGE + 250);
    expect(screen.queryByRole('button', { name: /more of/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(allRows(vi.mocked(exportToExcel).mock.calls.at(-1)![0].data)).toHaveLength(ROWS_PER_PAGE + 250);
  }, 30_000);

  it('shows the export progress and disables the button while exporting', async () => {
    let finish!: () => void;
    vi.mocked(exportToExcel).mockImplementationOnce(async (_request, options) => {
      options?.onProgress?.({ done: 1, total: 4 });
      await new Promise<void>((resolve) => (finish = resolve));
      return 'x.xlsx';
    });
    const user = userEvent.setup();
    render(<ExcelReportTable label="T" columns={columns} rows={rowsOf(4)} rowKey={(r) => r.name} />);
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('button', { name: 'Exporting… 25%' })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    finish();
    expect(await screen.findByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('reports a failed export next to the button, in the page’s words rather than the worker’s', async () => {
    vi.mocked(exportToExcel).mockRejectedValueOnce(new Error('The Excel export could not start.'));
    const user = userEvent.setup();
    render(<ExcelReportTable label="T" columns={columns} rows={rowsOf(1)} rowKey={(r) => r.name} />);
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed.');
  });

  describe('in French', () => {
    afterEach(() => {
      setLanguage('en');
      resetLanguageForTests();
    });

    const percentColumns: ReportColumn<{ name: string; count: number; pct: number }>[] = [
      { key: 'name', header: 'Nom', value: (r) => r.name },
      { key: 'count', header: 'Nombre', value: (r) => r.count, format: 'number' },
      { key: 'pct', header: '% inscrits', value: (r) => r.pct, format: 'percent' },
    ];

    it('writes numbers and percentages the French way and names its controls in French', async () => {
      setLanguage('fr-CA');
      render(<ExcelReportTable label="T" columns={percentColumns} rows={[{ name: 'Nord', count: 5000, pct: 49.9 }]} rowKey={(r) => r.name} />);
      // Testing Library reads a no-break space as a space; the cell's own text keeps it.
      expect((await screen.findByText('5 000')).textContent).toBe('5\u00a0000');
      expect(screen.getByText('49,9 %').textContent).toBe('49,9\u00a0%');
      expect(screen.getByRole('button', { name: 'Exporter vers Excel' })).toBeEnabled();
    });

    it('says an empty table has no data, in French', async () => {
      setLanguage('fr-CA');
      render(<ExcelReportTable label="T" columns={columns} rows={[]} rowKey={(r) => r.name} />);
      expect(await screen.findByText('Aucune donnée à afficher')).toHaveAttribute('colspan', '2');
    });
  });
});
