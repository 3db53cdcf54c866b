import { createXlsxStream, type XlsxColumn } from '@portal/xlsx';
import type { ExportJob, ExportProgress } from './export-protocol.ts';

/** Rows sampled to size the columns: enough to be representative, cheap at any row count. */
const WIDTH_SAMPLE_ROWS = 200;

function columnsOf(job: ExportJob): XlsxColumn[] {
  return job.headers.map((header, index) => {
    let longest = header.length;
    const sample = Math.min(job.rows.length, WIDTH_SAMPLE_ROWS);
    for (let r = 0; r < sample; r += 1) {
      const value = job.rows[r]?.[index];
      if (value !== null && value !== undefined) longest = Math.max(longest, String(value).length);
    }
    return { header, width: Math.min(60, Math.max(10, longest + 2)) };
  });
}

/**
 * Writes the job's rows through the streaming writer and returns the file's chunks. Reports progress
 * about every 2% so the page can draw a bar without flooding the message channel.
 */
export function buildWorkbook(job: ExportJob, onProgress: (progress: ExportProgress) => void = () => {}): Uint8Array[] {
  const stream = createXlsxStream({ sheetName: job.sheetName, columns: columnsOf(job) });
  const chunks: Uint8Array[] = [];
  const total = job.rows.length;
  const step = Math.max(500, Math.ceil(total / 50));
  onProgress({ done: 0, total });
  for (let i = 0; i < total; i += 1) {
    for (const chunk of stream.addRow(job.rows[i] ?? [])) chunks.push(chunk);
    if ((i + 1) % step === 0) onProgress({ done: i + 1, total });
  }
  for (const chunk of stream.finish()) chunks.push(chunk);
  onProgress({ done: total, total });
  return chunks;
}
