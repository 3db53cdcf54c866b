/**
 * Runs the web app's real export path (column mapping, module worker, @portal/xlsx, download) on
 * synthetic store rows and measures it from the page: total time, main-thread long tasks and the
 * longest gap between animation frames (a frozen page shows up as a long gap).
 */
import type { StoreRow } from '@portal/contracts';
import { buildWorkbook } from '../../../apps/web/src/features/reporting/export/build-workbook.ts';
import { exportToExcel } from '../../../apps/web/src/features/reporting/export/export-to-excel.ts';
import { allRows, toSheetData } from '../../../apps/web/src/features/reporting/utils/report-columns.ts';
import { storeExportColumns } from '../../../apps/web/src/features/reporting/utils/store-columns.ts';
import { reportingEn } from '../../../apps/web/src/i18n/messages/en/reporting.ts';

/** The export's headers in English, as an English reader gets them. */
const englishHeaders = (id: string) => reportingEn[id as keyof typeof reportingEn];

export interface RunResult {
  rows: number;
  totalMs: number;
  firstProgressMs: number | null;
  progressEvents: number;
  maxFrameGapMs: number;
  frames: number;
  longTasks: number;
  longestTaskMs: number;
  fileName: string;
}

function makeRows(count: number): StoreRow[] {
  const rows: StoreRow[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const enrolled = i % 2 === 0;
    rows[i] = {
      zoneName: `Zone ${i % 60}`,
      districtName: `District ${i % 500}`,
      dlrnum: String(10000 + i),
      'dealer Name': `Dealer ${i} Motors & Sons`,
      cityState: `City ${i % 300}, ST`,
      enrlStatusDesc: enrolled ? 'Enrolled' : 'Not Enrolled',
      enrlDate: enrolled ? '2026-11-02' : '',
      atdName: enrolled ? `Attendee ${i}` : '',
      loginid: enrolled ? `attendee${i}@dealer.example.com` : '',
      virtualAttendee: enrolled ? (i % 3 === 0 ? 'Yes' : 'No') : '',
      region: String(10 + (i % 10)).padStart(3, '0'),
      zone: `Z${i % 60}`,
      district: `D${i % 500}`,
    };
  }
  return rows;
}

/**
 * `worker`: the app's path. `main-thread`: the same writer called on the page itself, for comparison
 * only (what the page would suffer without the worker).
 */
async function runExport(count: number, mode: 'worker' | 'main-thread' = 'worker'): Promise<RunResult> {
  const rows = makeRows(count);
  let frames = 0;
  let maxGap = 0;
  let last = performance.now();
  let running = true;
  const tick = (now: number) => {
    frames += 1;
    maxGap = Math.max(maxGap, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  await new Promise((resolve) => requestAnimationFrame(resolve));
  last = performance.now();
  requestAnimationFrame(tick);

  const t0 = performance.now();
  const data = toSheetData(storeExportColumns(englishHeaders, true), rows);
  let progressEvents = 0;
  let firstProgress: number | null = null;
  let fileName = 'in-page build, not downloaded';
  if (mode === 'worker') {
    fileName = await exportToExcel(
      { fileName: 'Bench Export', sheetName: 'all', data },
      {
        onProgress: () => {
          progressEvents += 1;
          firstProgress ??= performance.now() - t0;
        },
      },
    );
  } else {
    const chunks = buildWorkbook('all', data.headers, allRows(data));
    new Blob(chunks as BlobPart[]);
  }
  const done = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 100));
  running = false;
  observer.disconnect();
  return {
    rows: count,
    totalMs: done - t0,
    firstProgressMs: firstProgress,
    progressEvents,
    maxFrameGapMs: maxGap,
    frames,
    longTasks: longTasks.length,
    longestTaskMs: longTasks.length ? Math.max(...longTasks) : 0,
    fileName,
  };
}

declare global {
  interface Window {
    runExport: typeof runExport;
  }
}
window.runExport = runExport;
document.getElementById('status')!.textContent = 'loaded';
