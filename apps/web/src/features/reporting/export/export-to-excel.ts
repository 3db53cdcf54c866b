import { exportFileName, safeSheetName } from '../utils/export-file-name.ts';
import type { SheetData } from '../utils/report-columns.ts';
import type { BuildOptions } from './export-runner.ts';
import { saveFile } from '../../../lib/save-file.ts';

export interface ExportRequest {
  fileName?: string | undefined;
  sheetName?: string | undefined;
  data: SheetData;
}

/**
 * Builds the workbook off the main thread and downloads it as '{file name}_{sheet name}.xlsx'.
 * The worker code (and the XLSX writer inside it) is fetched on the first export only.
 * Resolves with the file name used.
 */
export async function exportToExcel(request: ExportRequest, options: BuildOptions = {}): Promise<string> {
  const { buildInWorker } = await import('./export-runner.ts');
  const blob = await buildInWorker(
    { sheetName: safeSheetName(request.sheetName), data: request.data },
    options,
  );
  const name = exportFileName(request.fileName, request.sheetName);
  saveFile(blob, name);
  return name;
}
