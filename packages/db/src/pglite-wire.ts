/**
 * The messages of one run of a prepared statement on PGlite, written and read here instead of by
 * PGlite's own protocol classes: the run's Bind message, and the rows of the engine's answer.
 *
 * PGlite's path copies every answer into its receive buffer and parses each message into an object
 * (each field of a row read through a fresh ArrayBuffer slice and private-field lookups), then its
 * `parseResults` walks those objects again. On PGlite logins that was about 8 % of a login's CPU, and
 * its Bind writer another 3 % (bench/login/RESULTS.md). Here the Bind is written in one buffer, and
 * the answer is read once: the row description's names and types, then each row's fields decoded and
 * turned into values by PGlite's own type parsers, as `parseResults` does. An answer with an error is
 * handed to PGlite's own parser, so the error thrown is the DatabaseError PGlite would throw.
 */
import { protocol as pgliteProtocol, types as pgliteTypes, type ParserOptions } from '@electric-sql/pglite';

/** Describe (the portal: its row description), Execute (every row) and Sync: the same bytes for every run. */
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([
  pgliteProtocol.serialize.describe({ type: 'P' }),
  pgliteProtocol.serialize.execute({}),
  pgliteProtocol.serialize.sync(),
]);

/**
 * Bind (the unnamed portal, the prepared statement `name`, every value as text or null, results as
 * text), then Describe, Execute and Sync: one message for one call into the engine.
 */
export function bindExecuteMessage(name: string, values: readonly (string | null)[]): Uint8Array {
  let length = 4 + 1 + Buffer.byteLength(name) + 1 + 2 + 2 + 2;
  const lengths = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)));
  for (const n of lengths) length += 4 + Math.max(n, 0);
  const message = Buffer.allocUnsafe(1 + length + DESCRIBE_EXECUTE_SYNC.length);
  let at = message.writeUInt8(0x42, 0); // 'B'
  at = message.writeInt32BE(length, at);
  at = message.writeUInt8(0, at); // the unnamed portal
  at += message.write(name, at);
  at = message.writeUInt8(0, at);
  at = message.writeInt16BE(0, at); // every parameter as text
  at = message.writeInt16BE(values.length, at);
  values.forEach((value, i) => {
    at = message.writeInt32BE(lengths[i]!, at);
    if (value !== null) at += message.write(value, at);
  });
  at = message.writeInt16BE(0, at); // every result column as text
  DESCRIBE_EXECUTE_SYNC.copy(message, at);
  return message;
}

const decoder = new TextDecoder();
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/**
 * The rows of an answer to `bindExecuteMessage` (the whole answer, every message complete), each an
 * object by column name with its value parsed by `parsers`, as PGlite's `parseResults` gives them.
 * Throws the database's error when the answer has one.
 */
export function rowsOfAnswer<Row>(answer: Uint8Array, parsers: ParserOptions): Row[] {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  let names: string[] = [];
  let typeIds: number[] = [];
  const rows: Row[] = [];
  for (let at = 0; at < answer.length; ) {
    const type = answer[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    let p = at + 5;
    if (type === ROW_DESCRIPTION) {
      const count = view.getInt16(p);
      p += 2;
      names = new Array<string>(count);
      typeIds = new Array<number>(count);
      for (let i = 0; i < count; i++) {
        const nameEnd = answer.indexOf(0, p);
        names[i] = decoder.decode(answer.subarray(p, nameEnd));
        // table oid (4), column number (2), then the type oid; type size, modifier and format follow.
        typeIds[i] = view.getInt32(nameEnd + 1 + 6);
        p = nameEnd + 1 + 18;
      }
    } else if (type === DATA_ROW) {
      const count = view.getInt16(p);
      p += 2;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(p);
        p += 4;
        if (length === -1) {
          row[names[i]!] = null;
        } else {
          row[names[i]!] = pgliteTypes.parseType(decoder.decode(answer.subarray(p, p + length)), typeIds[i]!, parsers);
          p += length;
        }
      }
      rows.push(row as Row);
    } else if (type === ERROR_RESPONSE) {
      throw errorOf(answer);
    }
    at = end;
  }
  return rows;
}

/** The answer's error, as PGlite's own parser builds it (a DatabaseError with its code, detail, constraint...). */
function errorOf(answer: Uint8Array): Error {
  let error: Error | undefined;
  new pgliteProtocol.Parser().parse(answer, (message) => {
    if (!error && message.name === 'error') error = message as unknown as Error;
  });
  return error ?? new Error('PGlite answered an error that could not be read');
}
