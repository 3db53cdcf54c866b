/**
 * Several writes of one transaction sent as one statement: each write a data-modifying CTE of it,
 * the last one its primary statement (whose rows are answered). One round trip instead of one per
 * write, and, as a named statement (statementIn), one parse and plan per connection for each
 * combination used. For writes that read nothing the others write: every part sees the same
 * snapshot, taken when the statement starts, and none sees another's rows.
 */
import { statementIn, type DbOrTx } from '@portal/db';

/**
 * One write: `texts` are insert, update or delete statements without a WITH clause of their own
 * (each becomes a CTE; the last part's last text is the primary statement), their parameters numbered
 * from $1 over `params`. `name` ([a-z0-9]) names the part in the combined statement's name, and the
 * combined text is built once per combination of names: a name always stands for the same texts.
 */
export interface StatementPart {
  name: string;
  texts: readonly string[];
  params: readonly unknown[];
}

const combined = new Map<string, (db: DbOrTx, params: readonly unknown[]) => Promise<unknown[]>>();

/** Sends the parts as one statement in `db`'s transaction; answers the rows of the last part's last text. */
export async function writeTogether<Row = unknown>(db: DbOrTx, parts: readonly StatementPart[]): Promise<Row[]> {
  if (!parts.length) return [];
  const name = `together_${parts.map((p) => p.name).join('_')}`;
  let run = combined.get(name);
  if (!run) {
    const texts: string[] = [];
    let offset = 0;
    for (const part of parts) {
      for (const text of part.texts) texts.push(offset ? text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`) : text);
      offset += part.params.length;
    }
    const primary = texts.pop()!;
    const text = texts.length ? `with ${texts.map((t, i) => `w${i} as (${t})`).join(',\n')}\n${primary}` : primary;
    run = statementIn(name, text);
    combined.set(name, run);
  }
  return (await run(db, parts.flatMap((p) => p.params))) as Row[];
}
