/**
 * Background jobs on pg-boss 10 (docs/decisions/007-mail-outbox-and-pg-boss.md): recurring runs (reminders,
 * digests) and on-demand jobs, with pg-boss's retries, on PostgreSQL and on PGlite alike. pg-boss
 * keeps its tables in the `pgboss` schema of the portal's own database; a cron tick is taken by one
 * instance only.
 *
 * Modules declare their jobs while the app is built (`app.jobs.recurring(...)`, `app.jobs.handle(...)`);
 * `start()` creates the queues and schedules and begins working. The server starts it after listen;
 * tests start it only when they exercise jobs, and must `stop()` it (app.close does).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '@portal/db';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

interface Declared {
  name: string;
  handler: JobHandler;
  cron?: string;
  data?: Record<string, unknown>;
}

export interface JobQueueLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** pg-boss's database interface over the embedded PGlite client (one connection, queries serialized). */
function pgliteAdapter(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // pg-boss sends its migrations as one multi-statement text without parameters.
      if (values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows as unknown[] };
    },
  } as PgBoss.Db;
}

/** pg-boss's database interface over the portal's own PostgreSQL pool (no second pool to size). */
function poolAdapter(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await pool.query(text, values.length ? values : undefined);
      // A multi-statement text answers one result per statement.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
      return { rows: last?.rows ?? [] };
    },
  } as PgBoss.Db;
}

export class JobQueue {
  private readonly declared = new Map<string, Declared>();
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: { log?: JobQueueLog } = {},
  ) {}

  /**
   * A job run on a cron schedule (five fields, UTC), e.g. `0 * * * *` hourly or `0 6 * * 1` Mondays
   * at 06:00. One instance runs each tick; a failed run is retried (3 times, with back-off).
   */
  recurring(name: string, cron: string, handler: JobHandler, data: Record<string, unknown> = {}): void {
    this.declare({ name, cron, handler, data });
  }

  /** A job run when something sends it (`send`). */
  handle(name: string, handler: JobHandler): void {
    this.declare({ name, handler });
  }

  private declare(job: Declared): void {
    if (this.boss) throw new Error(`job ${job.name} declared after the job queue started`);
    if (!/^[\w.-]+$/.test(job.name)) throw new Error(`job name ${job.name} must be letters, digits, '.', '-' or '_'`);
    this.declared.set(job.name, job);
  }

  /** Queues one run of a declared job now (e.g. a console's "run now"); the id, or null when not started. */
  async send(name: string, data: Record<string, unknown> = {}): Promise<string | null> {
    if (!this.declared.has(name)) throw new Error(`unknown job ${name}`);
    if (!this.boss) return null;
    return this.boss.send(name, data);
  }

  /** Jobs waiting to run (created or retry) per declared queue; empty while the queue is not started. */
  async queueDepths(): Promise<Record<string, number>> {
    const boss = this.boss;
    if (!boss) return {};
    const depths: Record<string, number> = {};
    for (const name of this.declared.keys()) depths[name] = await boss.getQueueSize(name, { before: 'active' });
    return depths;
  }

  get running(): boolean {
    return this.boss !== undefined;
  }

  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<void> {
    const client = (this.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    const db = this.database.kind === 'postgres' ? poolAdapter(client as pg.Pool) : pgliteAdapter(client as PGlite);
    const boss = new PgBoss({ db, schema: 'pgboss', supervise: true, schedule: true, migrate: true });
    boss.on('error', (error) => this.options.log?.error({ err: error }, 'job queue error'));
    await boss.start();
    for (const job of this.declared.values()) {
      await boss.createQueue(job.name, { name: job.name, retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 });
      if (job.cron) await boss.schedule(job.name, job.cron, job.data ?? {}, { tz: 'UTC' });
      await boss.work(job.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const one of jobs) await job.handler((one.data ?? {}) as Record<string, unknown>);
      });
    }
    this.boss = boss;
    this.options.log?.info({ jobs: [...this.declared.keys()] }, 'job queue started');
  }

  /**
   * Stops taking jobs, waits up to 5 s for the running ones, then fails what still runs so that it
   * is retried (by this or another instance): pg-boss's `failWip`. Calls during a stop share it.
   */
  stop(): Promise<void> {
    this.stopping ??= this.doStop().finally(() => {
      this.stopping = undefined;
    });
    return this.stopping;
  }

  private async doStop(): Promise<void> {
    const starting = this.starting;
    if (!starting) return;
    await starting.catch(() => undefined);
    const boss = this.boss;
    this.boss = undefined;
    this.starting = undefined;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}
