import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBlobBytes } from '../../../testing/read-blob.ts';
import type { ExportProgress, ExportRequestMessage, ExportWorkerMessage } from './export-protocol.ts';
import { buildInWorker, ROWS_PER_BATCH } from './export-runner.ts';
import { createExportWorkerHandler } from './export-worker-handler.ts';
import type { CellValue } from '../../../components/ui/table/report-columns.ts';
import type { SheetData } from '../utils/report-columns.ts';

/** Runs the real worker handler in-process, asynchronously, like a Worker would. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<ExportWorkerMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: ExportRequestMessage[] = [];
  terminated = false;
  private handle = createExportWorkerHandler((message) =>
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.({ data: message } as MessageEvent<ExportWorkerMessage>);
    }, 0),
  );
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
  }
  postMessage(message: ExportRequestMessage) {
    this.received.push(structuredClone(message));
    setTimeout(() => !this.terminated && this.handle(message), 0);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  FakeWorker.instances = [];
});

function stubWorker() {
  vi.stubGlobal('Worker', FakeWorker);
}

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`Store ${i}`, i]);
const sheetOf = (headers: string[], rows: CellValue[][]): SheetData => ({
  headers,
  rowCount: rows.length,
  rows: (start, end) => rows.slice(start, end),
});

describe('buildInWorker', () => {
  it('starts a module worker, sends the rows in batches and resolves with the file', async () => {
    stubWorker();
    const progress: ExportProgress[] = [];
    const blob = await buildInWorker(
      { sheetName: 'all', data: sheetOf(['Store', 'N'], rowsOf(5000)) },
      { onProgress: (p) => progress.push(p) },
    );
    const [worker] = FakeWorker.instances;
    expect(worker!.options).toMatchObject({ type: 'module' });
    expect(worker!.url.pathname).toMatch(/export\.worker\.ts$/);
    expect(worker!.received.map((m) => (m.type === 'rows' ? m.rows.length : m.type))).toEqual([
      'start',
      ROWS_PER_BATCH,
      ROWS_PER_BATCH,
      5000 - 2 * ROWS_PER_BATCH,
      'end',
    ]);
    expect(progress.map((p) => p.done)).toEqual([0, 2000, 4000, 5000]);
    expect(worker!.terminated).toBe(true);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await readBlobBytes(blob)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('all');
    expect(sheet.actualRowCount).toBe(5001);
    expect(sheet.getRow(5001).getCell(1).value).toBe('Store 4999');
  });

  it('rejects with AbortError and ends the worker when cancelled', async () => {
    stubWorker();
    const controller = new AbortController();
    const pending = buildInWorker({ sheetName: 'Sheet1', data: sheetOf(['Store', 'N'], rowsOf(10_000)) }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.instances[0]!.terminated).toBe(true);
  });

  it('rejects with the worker’s message when the build fails', async () => {
    stubWorker();
    await expect(
      buildInWorker({ sheetName: 'Sheet1', data: sheetOf(undefined as unknown as string[], []) }),
    ).rejects.toThrow('The export request had no columns.');
  });
});
