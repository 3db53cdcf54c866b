/**
 * Login attempts come in bursts at conference peaks; one audit INSERT per attempt would cost a
 * commit each. They are buffered and written as one multi-row INSERT every few milliseconds (or at
 * 500 rows), and flushed when the app closes. A crash can lose at most the last interval's rows;
 * writes that belong to a business transaction (registrations) use `audit(tx, ...)` instead.
 */
import { namedStatement, type schema, type Db } from '@portal/db';
import { auditRow, type AuditEntry } from './audit.ts';

/**
 * The rows as one JSON parameter expanded by the database. Drizzle's insert builder checked and
 * wrapped every value of every row: 6% of a login's CPU under load (bench/login/profile-login.ts).
 * The rows are `auditRow`'s, serialized as they are: `at` becomes an ISO string, and a missing value
 * a missing key, which the record set reads as null. A named statement (`namedStatement`): each
 * connection parses and plans it once, not once per batch, and the app skips drizzle's building of
 * the query.
 */
export const INSERT_ROWS_SQL = `
  insert into audit_log (at, action, success, actor_email, event_id, ip, detail, organizer_id)
  select coalesce(x.at, now()), x.action, x.success, x."actorEmail", x."eventId", x.ip, x.detail, x."organizerId"
  from jsonb_to_recordset($1::jsonb) as x(at timestamptz, action text, success boolean, "actorEmail" text, "eventId" text, ip text, detail jsonb, "organizerId" integer)`;

export class AuditWriter {
  private buffer: (typeof schema.auditLog.$inferInsert)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private readonly insertRows: (params: readonly unknown[]) => Promise<unknown[]>;

  constructor(
    db: Db,
    private readonly onError: (error: unknown, lost: number) => void,
    private readonly intervalMs = 25,
    private readonly maxRows = 500,
  ) {
    this.insertRows = namedStatement(db, 'audit_log_insert_rows', INSERT_ROWS_SQL);
  }

  record(entry: AuditEntry): void {
    this.buffer.push(auditRow(entry));
    if (this.buffer.length >= this.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes everything recorded so far; resolves when it is in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length) {
      this.inFlight = this.inFlight.then(() =>
        this.insertRows([JSON.stringify(rows)]).then(
          () => undefined,
          (error: unknown) => this.onError(error, rows.length),
        ),
      );
    }
    return this.inFlight;
  }
}
