/**
 * Login attempts come in bursts at conference peaks; one audit INSERT per attempt would cost a
 * commit each. They are buffered and written as one multi-row INSERT every few milliseconds (or at
 * 500 rows), and flushed when the app closes. A crash can lose at most the last interval's rows;
 * writes that belong to a business transaction (registrations) use `audit(tx, ...)` instead.
 */
import { schema, type Db } from '@portal/db';
import { auditRow, type AuditEntry } from './audit.ts';

export class AuditWriter {
  private buffer: (typeof schema.auditLog.$inferInsert)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown, lost: number) => void,
    private readonly intervalMs = 25,
    private readonly maxRows = 500,
  ) {}

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
        this.db
          .insert(schema.auditLog)
          .values(rows)
          .then(
            () => undefined,
            (error: unknown) => this.onError(error, rows.length),
          ),
      );
    }
    return this.inFlight;
  }
}
