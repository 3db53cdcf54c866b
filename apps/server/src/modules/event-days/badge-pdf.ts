/**
 * Printed badges (docs/event-days.md, "Printing badges"): one PDF made with pdfkit, streamed while
 * it is written. Enrolled registrations of the event (optionally of one region, zone, district,
 * store or registration), sorted by store so a store's badges come out together, then by name. A
 * badge holds the name large, store and city, attendee type, the event and the badge's QR code
 * (drawn as vector squares, one rectangle per run of dark modules).
 */
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { badgeTypeLabel, type BadgeLayout } from '@portal/contracts';
import type { Db } from '@portal/db';
import { asLanguage, eventNameIn } from '../../lib/i18n/i18n.ts';
import type { BadgeKeys } from '../badges/badge-code.ts';
import { badgePrintPage, type BadgePrintCursor, type BadgePrintFilter, type BadgePrintRow } from './event-days.queries.ts';

const MM = 72 / 25.4;

interface Layout {
  size: [number, number];
  cols: number;
  rows: number;
}

/** Page size (points) and grid of each layout. */
export const LAYOUTS: Record<BadgeLayout, Layout> = {
  a6: { size: [105 * MM, 148 * MM], cols: 1, rows: 1 },
  'a4-4up': { size: [210 * MM, 297 * MM], cols: 2, rows: 2 },
  'letter-6up': { size: [612, 792], cols: 2, rows: 3 },
  // Label printers: 4x3 in (landscape) and 4x6 in, one badge a label.
  'label-4x3': { size: [288, 216], cols: 1, rows: 1 },
  'label-4x6': { size: [288, 432], cols: 1, rows: 1 },
};

/** A badge as printed: the print page's row without its ordering key. */
export type BadgeRow = Omit<BadgePrintRow, 'storeKey'>;

export interface BadgesFilter extends BadgePrintFilter {
  layout?: BadgeLayout | undefined;
}

const PAGE_ROWS = 500;

async function* badgeRows(db: Db, f: BadgesFilter): AsyncGenerator<BadgeRow[]> {
  // Keyset pages in the print order: store (none last), last name, first name, id.
  let after: BadgePrintCursor | null = null;
  for (;;) {
    const rows = await badgePrintPage(db, f, after, PAGE_ROWS);
    if (rows.length) yield rows;
    if (rows.length < PAGE_ROWS) return;
    const last = rows.at(-1)!;
    after = { store: last.storeKey, last: last.lastName, first: last.firstName, id: last.registrationId };
  }
}

/**
 * Draws a QR code's dark modules as rectangles, one per horizontal run. Byte mode and mask 0 are
 * given rather than searched for: the code is base64url text (byte mode anyway) and the search for
 * the "best" mask cost 2 ms a badge (10 s for 5,000, docs/benchmarks.md); any mask is valid QR.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create([{ data: text, mode: 'byte' }] as unknown as string, { errorCorrectionLevel: 'M', maskPattern: 0 });
  const n = qr.modules.size;
  const quiet = 2;
  const unit = size / (n + quiet * 2);
  const data = qr.modules.data;
  const f = (v: number) => v.toFixed(2);
  // The rectangles as one piece of content (what doc.rect writes, one call instead of hundreds).
  const ops: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!data[row * n + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && data[row * n + col]) col++;
      ops.push(`${f(x + (start + quiet) * unit)} ${f(y + (row + quiet) * unit)} ${f((col - start) * unit)} ${f(unit)} re`);
    }
  }
  doc.addContent(ops.join('\n'));
  doc.fill('#000000');
}

/** The text cut to fit `width` at the current font and size, with an ellipsis when cut. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** One line at (x, y), cut to `width` (no line wrapping: the cheap path of pdfkit's text). */
function line(doc: PDFKit.PDFDocument, font: string, size: number, color: string, text: string, x: number, y: number, width: number): number {
  doc.font(font).fontSize(size).fillColor(color);
  doc.text(fit(doc, text, width), x, y, { lineBreak: false });
  return y + size * 1.2;
}

function drawBadge(doc: PDFKit.PDFDocument, keys: BadgeKeys, row: BadgeRow, x: number, y: number, w: number, h: number): void {
  const pad = Math.min(w, h) * 0.07;
  const inner = w - pad * 2;
  // Cut line.
  doc.lineWidth(0.3).strokeColor('#bbbbbb').rect(x + 2, y + 2, w - 4, h - 4).stroke();
  const small = Math.max(8, h * 0.035);
  const nameSize = Math.min(h * 0.1, 34);
  // Printed in the attendee's language: the event's name and the attendee type.
  const language = asLanguage(row.language) ?? 'en';
  let at = line(doc, 'Helvetica', Math.max(8, h * 0.032), '#555555', eventNameIn(language, row.eventId, row.eventName), x + pad, y + pad, inner);
  at = line(doc, 'Helvetica-Bold', nameSize, '#000000', row.firstName, x + pad, at + h * 0.03, inner);
  at = line(doc, 'Helvetica-Bold', nameSize * 0.62, '#000000', row.lastName, x + pad, at, inner);
  at += small * 0.6;
  if (row.storeName) {
    at = line(doc, 'Helvetica', small, '#000000', row.storeName, x + pad, at, inner);
    line(doc, 'Helvetica', small, '#555555', [row.city, row.state].filter(Boolean).join(', '), x + pad, at, inner);
  }
  const qrSize = Math.min(inner * 0.55, h * 0.42);
  const qrY = y + h - pad - qrSize;
  line(doc, 'Helvetica-Bold', small * 1.1, '#000000', badgeTypeLabel(row.attendeeType, language).toLocaleUpperCase(language), x + pad, qrY + qrSize - small * 1.3, inner - qrSize - pad / 2);
  drawQr(doc, keys.sign({ registrationId: row.registrationId, eventId: row.eventId, version: row.version }), x + w - pad - qrSize, qrY, qrSize);
}

/** Writes the whole PDF into `doc`, page by page as the rows are read. */
export async function writeBadges(db: Db, keys: BadgeKeys, filter: BadgesFilter, doc: PDFKit.PDFDocument, waitForRoom: () => Promise<void>): Promise<number> {
  const layout = LAYOUTS[filter.layout ?? 'a6'];
  const [pw, ph] = layout.size;
  const w = pw / layout.cols;
  const h = ph / layout.rows;
  const perPage = layout.cols * layout.rows;
  let count = 0;
  for await (const rows of badgeRows(db, filter)) {
    for (const row of rows) {
      const slot = count % perPage;
      if (slot === 0) doc.addPage({ size: layout.size, margin: 0 });
      drawBadge(doc, keys, row, (slot % layout.cols) * w, Math.floor(slot / layout.cols) * h, w, h);
      count++;
    }
    await waitForRoom();
  }
  if (count === 0) {
    doc.addPage({ size: layout.size, margin: 36 });
    doc.font('Helvetica').fontSize(14).text('No enrolled registrations match this selection.');
  }
  return count;
}

/**
 * The PDF as a stream. The rows are read in pages and written while the client reads: when more
 * than 4 MiB wait unread, the writer pauses, so memory stays flat however many badges there are.
 * A failure after the first byte ends the stream with an error (the download is cut, not complete-looking).
 */
export function streamBadgesPdf(db: Db, keys: BadgeKeys, filter: BadgesFilter, log: { error: (o: object, m: string) => void }): Readable {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: `Badges ${filter.event}`, Producer: 'Event portal' } });
  const out = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
  doc.pipe(out);
  const waitForRoom = () =>
    out.writableLength < out.writableHighWaterMark ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  writeBadges(db, keys, filter, doc, waitForRoom).then(
    () => doc.end(),
    (error: unknown) => {
      log.error({ err: error }, 'badge PDF failed while streaming');
      doc.unpipe(out);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}
