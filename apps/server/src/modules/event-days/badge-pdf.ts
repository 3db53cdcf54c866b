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
import { sql, type SQL } from 'drizzle-orm';
import type { BadgeLayout } from '@portal/contracts';
import { rowsOf, type Db } from '@portal/db';
import type { BadgeKeys } from './badge-code.ts';

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
};

export interface BadgeRow {
  registrationId: number;
  eventId: string;
  eventName: string;
  version: number;
  firstName: string;
  lastName: string;
  attendeeType: string;
  storeDlrnum: string | null;
  storeName: string | null;
  city: string | null;
  state: string | null;
}

export interface BadgesFilter {
  event: string;
  region?: string | undefined;
  zone?: string | undefined;
  district?: string | undefined;
  store?: string | undefined;
  registrationId?: number | undefined;
  layout?: BadgeLayout | undefined;
}

const PAGE_ROWS = 500;

async function* badgeRows(db: Db, f: BadgesFilter): AsyncGenerator<BadgeRow[]> {
  const parts: SQL[] = [sql`r.event_id = ${f.event}`, sql`r.status = 'Enrolled'`];
  if (f.region) parts.push(sql`z.region_code = ${f.region}`);
  if (f.zone) parts.push(sql`z.code = ${f.zone}`);
  if (f.district) parts.push(sql`d.code = ${f.district}`);
  if (f.store) parts.push(sql`r.store_dlrnum = ${f.store}`);
  if (f.registrationId !== undefined) parts.push(sql`r.id = ${f.registrationId}`);
  const where = sql.join(parts, sql` and `);
  // Keyset pages in the print order: store (none last), last name, first name, id.
  let after: { store: string; last: string; first: string; id: number } | null = null;
  for (;;) {
    const afterClause: SQL = after
      ? sql`and (coalesce(r.store_dlrnum, '~'), p.last_name, p.first_name, r.id) > (${after.store}::text, ${after.last}::text, ${after.first}::text, ${after.id}::int)`
      : sql``;
    const rows = rowsOf<BadgeRow & { storeKey: string }>(
      await db.execute(sql`
        select r.id as "registrationId", r.event_id as "eventId", e.name as "eventName", b.version,
          p.first_name as "firstName", p.last_name as "lastName", r.attendee_type as "attendeeType",
          r.store_dlrnum as "storeDlrnum", s.name as "storeName", s.city, s.state, coalesce(r.store_dlrnum, '~') as "storeKey"
        from registrations r
        join badges b on b.registration_id = r.id
        join events e on e.id = r.event_id
        join people p on p.id = r.attendee_id
        left join stores s on s.dlrnum = r.store_dlrnum
        left join districts d on d.code = s.district_code
        left join zones z on z.code = d.zone_code
        where ${where} ${afterClause}
        order by coalesce(r.store_dlrnum, '~'), p.last_name, p.first_name, r.id
        limit ${PAGE_ROWS}`),
    );
    if (rows.length) yield rows;
    if (rows.length < PAGE_ROWS) return;
    const last = rows.at(-1)!;
    after = { store: last.storeKey, last: last.lastName, first: last.firstName, id: last.registrationId };
  }
}

const TYPE_LABELS: Record<string, string> = {
  dealer: 'Dealer',
  candidate: 'Candidate',
  field: 'Field',
  corporate: 'Corporate',
  distributor: 'Distributor',
  vendor: 'Vendor',
  sbr: 'SBR',
  partner: 'Partner',
  expo: 'Expo',
};

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
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      doc.rect(x + (start + quiet) * unit, y + (row + quiet) * unit, (col - start) * unit, unit);
    }
  }
  doc.fill('#000000');
}

function drawBadge(doc: PDFKit.PDFDocument, keys: BadgeKeys, row: BadgeRow, x: number, y: number, w: number, h: number): void {
  const pad = Math.min(w, h) * 0.07;
  const inner = w - pad * 2;
  // Cut line.
  doc.lineWidth(0.3).strokeColor('#bbbbbb').rect(x + 2, y + 2, w - 4, h - 4).stroke();
  doc.fillColor('#555555').font('Helvetica').fontSize(Math.max(8, h * 0.032)).text(row.eventName, x + pad, y + pad, { width: inner, lineBreak: false, ellipsis: true });
  const nameSize = Math.min(h * 0.1, 34);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(nameSize).text(row.firstName, x + pad, y + pad + h * 0.07, { width: inner, lineBreak: false, ellipsis: true });
  doc.font('Helvetica-Bold').fontSize(nameSize * 0.62).text(row.lastName, { width: inner, lineBreak: false, ellipsis: true });
  doc.moveDown(0.4);
  const small = Math.max(8, h * 0.035);
  if (row.storeName) {
    doc.font('Helvetica').fontSize(small).text(row.storeName, { width: inner, lineBreak: false, ellipsis: true });
    doc.fillColor('#555555').text([row.city, row.state].filter(Boolean).join(', '), { width: inner, lineBreak: false, ellipsis: true });
  }
  const qrSize = Math.min(inner * 0.55, h * 0.42);
  const qrY = y + h - pad - qrSize;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(small * 1.1).text((TYPE_LABELS[row.attendeeType] ?? row.attendeeType).toUpperCase(), x + pad, qrY + qrSize - small * 1.3, {
    width: inner - qrSize - pad / 2,
    lineBreak: false,
  });
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
