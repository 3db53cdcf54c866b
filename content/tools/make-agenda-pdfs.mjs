#!/usr/bin/env node
// Writes the agenda PDFs of each content environment from its agenda_link items, so a PDF always says
// what the agenda page says. Output is deterministic (no dates, no random ids): re-running on
// unchanged content gives identical bytes, and the content import records no change.
//   node content/tools/make-agenda-pdfs.mjs            write content/{nbc,abc}/assets/*.pdf
//   node content/tools/make-agenda-pdfs.mjs --check    exit 1 if a PDF is missing or out of date
//   Name environments to limit the run: node content/tools/make-agenda-pdfs.mjs nbc
// A language variant of an agenda link (content/{env}/variants/{language}/*.json) gets its own PDF,
// drawn from the variant's texts and its days' variants, under the file name its `pdf` element gives.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const AUTHOR = 'Northwind Motor Company';
/** Header band colour per event, matching the banner artwork (RGB, 0..1). */
const BAND = { nbc: [0.043, 0.145, 0.271], abc: [0.059, 0.231, 0.298] };
const ACCENT = { nbc: [0.949, 0.663, 0], abc: [0.957, 0.518, 0.373] };

const PAGE = { width: 612, height: 792, margin: 60 };
const TIME_COLUMN = 182; // descriptions start here, right of the session times
const BOTTOM = 84; // keep clear of the footer

// Advance widths (1/1000 em) of Helvetica for ASCII 32..126, from the standard Adobe font metrics.
// Bold is close enough for wrapping once scaled by BOLD_FACTOR.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const BOLD_FACTOR = 1.08;

/** WinAnsiEncoding bytes for the characters outside ASCII that content may use. */
const WIN_ANSI = new Map([
  ['\u2013', 0x96], ['\u2014', 0x97], ['\u2018', 0x91], ['\u2019', 0x92], ['\u201c', 0x93], ['\u201d', 0x94],
  ['\u2022', 0x95], ['\u2026', 0x85], ['\u20ac', 0x80], ['\u0153', 0x9c], ['\u0152', 0x8c],
  // French typography's narrow no-break space: drawn as a no-break space.
  ['\u202f', 0xa0],
]);

function toWinAnsi(text) {
  const bytes = [];
  for (const char of text) {
    const code = char.codePointAt(0);
    if (code >= 0x20 && code <= 0x7e) bytes.push(code);
    else if (WIN_ANSI.has(char)) bytes.push(WIN_ANSI.get(char));
    else if (code >= 0xa0 && code <= 0xff) bytes.push(code);
    else throw new Error(`character U+${code.toString(16).padStart(4, '0')} in "${text}" has no WinAnsi code`);
  }
  return bytes;
}

function widthOf(text, size, bold) {
  let units = 0;
  for (const byte of toWinAnsi(text)) units += byte >= 32 && byte <= 126 ? HELVETICA[byte - 32] : 556;
  return (units * size * (bold ? BOLD_FACTOR : 1)) / 1000;
}

function pdfString(text) {
  let out = '(';
  for (const byte of toWinAnsi(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

function wrap(text, size, bold, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && widthOf(candidate, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  return lines;
}

const decodeEntities = (s) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const stripTags = (html) => decodeEntities(html.replace(/<br\s*\/?>/g, ' ').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();

/** Agenda rich text as rows: list items "<strong>time</strong> text" become [time, text]; paragraphs [null, text]. */
function rowsOf(html) {
  const rows = [];
  for (const [, tag, inner] of html.matchAll(/<(li|p|h3|h4)>([\s\S]*?)<\/\1>/g)) {
    const timed = tag === 'li' ? /^\s*<strong>([\s\S]*?)<\/strong>([\s\S]*)$/.exec(inner) : null;
    rows.push(timed ? [stripTags(timed[1]), stripTags(timed[2])] : [null, stripTags(inner)]);
  }
  return rows;
}

/** The words a PDF prints around the agenda, per language. */
const WORDS = {
  en: { eventName: (name) => name, subjectToChange: 'Agenda subject to change', page: (n, of) => `Page ${n} of ${of}` },
  'fr-CA': {
    eventName: (name, env) => ({ nbc: 'Congrès national des affaires 2027', abc: 'Congrès annuel des affaires 2027' })[env] ?? name,
    subjectToChange: 'Programme sous réserve de modifications',
    page: (n, of) => `Page ${n} de ${of}`,
  },
};

/** Lays the agenda out into pages of PDF content-stream operators. */
function layout(env, eventName, link, dates, words = WORDS.en) {
  const pages = [];
  let ops = [];
  let y = 0;
  const text = (x, yy, size, bold, value, rgb = [0.13, 0.13, 0.13]) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${rgb.join(' ')} rg ${x} ${yy.toFixed(2)} Td ${pdfString(value)} Tj ET`);
  const newPage = () => {
    ops = [];
    pages.push(ops);
    ops.push(`${BAND[env].join(' ')} rg 0 ${PAGE.height - 56} ${PAGE.width} 56 re f`);
    ops.push(`${ACCENT[env].join(' ')} rg 0 ${PAGE.height - 60} ${PAGE.width} 4 re f`);
    text(PAGE.margin, PAGE.height - 35, 13, true, eventName, [1, 1, 1]);
    y = PAGE.height - 96;
  };
  const need = (height) => {
    if (y - height < BOTTOM) newPage();
  };

  newPage();
  const titleLines = wrap(link.link_text, 22, true, PAGE.width - 2 * PAGE.margin);
  for (const line of titleLines) {
    text(PAGE.margin, y, 22, true, line, BAND[env]);
    y -= 27;
  }
  for (const line of wrap(link.header, 12, false, PAGE.width - 2 * PAGE.margin)) {
    text(PAGE.margin, y, 12, false, line, [0.35, 0.35, 0.35]);
    y -= 16;
  }
  y -= 12;

  for (const date of dates) {
    const rows = rowsOf(Array.isArray(date.content) ? date.content.join('\n') : date.content);
    need(40 + 14 * Math.min(rows.length, 2));
    text(PAGE.margin, y, 13, true, date.header_date, BAND[env]);
    y -= 7;
    ops.push(`${ACCENT[env].join(' ')} RG 1 w ${PAGE.margin} ${y.toFixed(2)} m ${PAGE.width - PAGE.margin} ${y.toFixed(2)} l S`);
    y -= 17;
    for (const [time, description] of rows) {
      const x = time === null ? PAGE.margin : TIME_COLUMN;
      const lines = wrap(description, 10, false, PAGE.width - PAGE.margin - x);
      const timeLines = time === null ? [] : wrap(time, 10, true, TIME_COLUMN - PAGE.margin - 8);
      const height = 13 * Math.max(lines.length, timeLines.length);
      need(height);
      timeLines.forEach((line, index) => text(PAGE.margin, y - 13 * index, 10, true, line));
      lines.forEach((line, index) => text(x, y - 13 * index, 10, false, line));
      y -= height + 5;
    }
    y -= 12;
  }

  const footer = `${AUTHOR} · ${eventName} · ${words.subjectToChange}`;
  return pages.map((pageOps, index) => {
    const pageLabel = words.page(index + 1, pages.length);
    const grey = [0.45, 0.45, 0.45];
    const footerOps = [
      `0.8 0.8 0.8 RG 0.5 w ${PAGE.margin} 64 m ${PAGE.width - PAGE.margin} 64 l S`,
      `BT /F1 8 Tf ${grey.join(' ')} rg ${PAGE.margin} 50 Td ${pdfString(footer)} Tj ET`,
      `BT /F1 8 Tf ${grey.join(' ')} rg ${(PAGE.width - PAGE.margin - widthOf(pageLabel, 8, false)).toFixed(2)} 50 Td ${pdfString(pageLabel)} Tj ET`,
    ];
    return [...pageOps, ...footerOps].join('\n');
  });
}

/** Serialises a PDF 1.4 file: catalog, page tree, two standard fonts, info, and one stream per page. */
function buildPdf(pageStreams, info) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const pageTree = add(null);
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const infoRef = add(
    `<< ${Object.entries(info)
      .map(([key, value]) => `/${key} ${pdfString(value)}`)
      .join(' ')} >>`,
  );
  const pageRefs = [];
  for (const stream of pageStreams) {
    const bytes = Buffer.from(stream, 'latin1');
    const contents = add(`<< /Length ${bytes.length} >>\nstream\n${stream}\nendstream`);
    pageRefs.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;

  // latin1 keeps one byte per character, so string lengths are byte offsets.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoRef} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A language's variants of the environment's items, by codename (their elements only). */
function loadVariants(env, language) {
  const variants = new Map();
  const dir = join(contentDir, env, 'variants', language);
  if (!existsSync(dir)) return variants;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const variant of Array.isArray(parsed) ? parsed : [parsed]) variants.set(variant.codename, variant.elements ?? {});
  }
  return variants;
}

function loadItems(env) {
  const items = new Map();
  const dir = join(contentDir, env, 'items');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) items.set(item.codename, item);
  }
  return items;
}

const args = process.argv.slice(2);
const check = args.includes('--check');
const named = args.filter((a) => !a.startsWith('--'));
const ENVIRONMENTS = named.length > 0 ? named : ['nbc', 'abc'];
let stale = 0;
let written = 0;
for (const env of ENVIRONMENTS) {
  const { name: defaultName, languages = [] } = JSON.parse(readFileSync(join(contentDir, env, 'environment.json'), 'utf8'));
  const items = loadItems(env);
  // The default language from the items, every other language from its variants (an element the
  // variant does not give is the default's, as the content service serves it).
  const editions = [{ language: 'en', variants: new Map() }, ...languages.filter((l) => l.codename !== 'en').map((l) => ({ language: l.codename, variants: loadVariants(env, l.codename) }))];
  for (const { language, variants } of editions) {
  const words = WORDS[language] ?? WORDS.en;
  const eventName = words.eventName(defaultName, env);
  for (const item of items.values()) {
    if (item.type !== 'agenda_link') continue;
    if (language !== 'en' && !variants.has(item.codename)) continue;
    const link = { ...item.elements, ...variants.get(item.codename) };
    // A variant that keeps the default's file draws no PDF of its own.
    if (language !== 'en' && link.pdf.every(({ file }) => item.elements.pdf.some((own) => own.file === file))) continue;
    const dates = link.datewise_agenda.map((codename) => {
      const date = items.get(codename);
      if (!date) throw new Error(`${env}: ${item.codename} links to missing item ${codename}`);
      return { ...date.elements, ...variants.get(codename) };
    });
    const pdf = buildPdf(layout(env, eventName, link, dates, words), {
      Title: `${link.link_text} - ${eventName}`,
      Author: AUTHOR,
      Subject: link.header,
      Creator: 'content/tools/make-agenda-pdfs.mjs',
    });
    for (const { file } of link.pdf) {
      const path = join(contentDir, env, 'assets', file);
      if (check) {
        if (!existsSync(path) || !readFileSync(path).equals(pdf)) {
          console.error(`${env}/assets/${file} is missing or out of date`);
          stale += 1;
        }
      } else {
        writeFileSync(path, pdf);
        written += 1;
        console.log(`${env}/assets/${file}: ${pdf.length} bytes`);
      }
    }
  }
  }
}
if (check) {
  if (stale > 0) {
    console.error('run: node content/tools/make-agenda-pdfs.mjs');
    process.exit(1);
  }
  console.log('agenda PDFs are up to date');
} else console.log(`${written} PDF(s) written`);
