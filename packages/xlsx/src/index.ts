export {
  MAX_CELL_TEXT,
  MAX_COLUMNS,
  MAX_ROWS,
  buildXlsx,
  concatChunks,
  createXlsxStream,
  type CellValue,
  type DeflateLevel,
  type XlsxColumn,
  type XlsxCompression,
  type XlsxDeflater,
  type XlsxFormula,
  type XlsxRowOptions,
  type XlsxStream,
  type XlsxStreamOptions,
} from './writer.ts';
export { columnName, escapeXml, sanitizeSheetName, MAX_SHEET_NAME } from './xml.ts';
