/**
 * The portal's Prometheus metrics (prom-client 15), one registry per app (tests build several apps in
 * one process). Counters and the request histogram are updated on the request path; everything that
 * costs a query (outbox, webhook deliveries, job queue) is read only when /metrics is scraped.
 *
 * The names are the contract of docs/ops/prometheus-rules.yml and docs/ops/grafana-dashboard.json
 * (metrics-kit.test.ts checks that every name they use is served).
 */
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import { rowsOf, type Database } from '@portal/db';
import type { JobQueue } from './jobs.ts';
import type { RedisConnectionStats } from './redis-connection.ts';

export type LoginKind = 'attendee' | 'report' | 'organizer';
export type LoginOutcome = 'success' | 'failure' | 'refused' | 'invalid' | 'error';

export interface ReportCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** Request durations in seconds: fine below 100 ms (most answers), coarse up to the 30 s statement timeout. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class PortalMetrics {
  readonly registry = new client.Registry();
  private readonly requestDuration: client.Histogram<'method' | 'route' | 'status'>;
  private readonly requestChildren = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  private readonly logins: client.Counter<'kind' | 'outcome'>;
  private readonly rateLimitRefusals: client.Counter<'route'>;
  private readonly reportCaches: Array<() => ReportCacheStats> = [];
  private readonly redisSources: Array<() => RedisConnectionStats> = [];

  constructor(private readonly options: { database: Database; jobs: JobQueue }) {
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });

    this.requestDuration = new client.Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from request to answer, by route pattern (not path) and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.logins = new client.Counter({
      name: 'portal_logins_total',
      help: 'Login attempts by kind (attendee, report, organizer) and outcome (success, failure, refused by a limit, invalid input, error).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.rateLimitRefusals = new client.Counter({
      name: 'portal_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit or failure budget, by route pattern.',
      labelNames: ['route'],
      registers,
    });

    // Values their sources keep (the answer caches, the Redis connections), read at each scrape;
    // a counter's is set to the sources' total.
    const scrapedCounter = (name: string, help: string, read: () => number) =>
      new client.Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const scrapedGauge = (name: string, help: string, read: () => number) =>
      new client.Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    const sumOf = <S>(sources: Array<() => S>, pick: (s: S) => number) => () => sources.reduce((total, stats) => total + pick(stats()), 0);

    const caches = this.reportCaches;
    scrapedCounter('portal_report_cache_hits_total', 'Report answers served from the answer cache (a counter; exposed from the cache itself).', sumOf(caches, (s) => s.hits));
    scrapedCounter('portal_report_cache_misses_total', 'Report answers computed because the cache had none at the current data version.', sumOf(caches, (s) => s.misses));
    scrapedGauge('portal_report_cache_entries', 'Report answers held in the cache.', sumOf(caches, (s) => s.entries));

    const redis = this.redisSources;
    scrapedGauge(
      'portal_redis_fallback_active',
      '1 while Redis is away and shared state (rate limits) is kept per instance; 0 when shared (or no REDIS_URL).',
      () => (redis.some((stats) => stats().fallbackActive) ? 1 : 0),
    );
    scrapedCounter('portal_redis_fallbacks_total', 'Times Redis was given up on and the per-instance form taken (a counter).', sumOf(redis, (s) => s.fallbacks));
    scrapedCounter(
      'portal_redis_fallback_operations_total',
      'Operations answered per instance because Redis was away (a counter).',
      sumOf(redis, (s) => s.fallbackOperations),
    );

    const { database, jobs } = options;
    // A queue table (the mail outbox, the webhook deliveries) as three gauges: pending (or being
    // sent), the oldest pending's age, failed. One query per scrape for all three (prom-client
    // collects the metrics concurrently); a database that does not answer leaves the last values
    // (readyz and the 5xx rate tell).
    const queueGauges = (table: 'mail_outbox' | 'webhook_deliveries', names: { pending: string; oldest: string; failed: string }, help: { pending: string; oldest: string; failed: string }) => {
      let read: { at: number; done: Promise<{ pending: number; oldest: number | null; failed: number } | undefined> } | undefined;
      const readQueue = () => {
        if (!read || Date.now() - read.at > 1_000) {
          const done = quietly(async () => {
            const [row] = rowsOf<{ pending: number; oldest: number | null; failed: number }>(
              await database.db.execute(sql`select
                count(*) filter (where status in ('pending', 'sending'))::int as pending,
                extract(epoch from (now() - min(created_at) filter (where status in ('pending', 'sending'))))::float8 as oldest,
                count(*) filter (where status = 'failed')::int as failed
                from ${sql.identifier(table)} where status in ('pending', 'sending', 'failed')`),
            );
            return row;
          });
          read = { at: Date.now(), done };
        }
        return read.done;
      };
      for (const key of ['pending', 'oldest', 'failed'] as const) {
        new client.Gauge({
          name: names[key],
          help: help[key],
          registers,
          async collect() {
            const row = await readQueue();
            if (row) this.set(key === 'oldest' ? Number(row.oldest ?? 0) : row[key]);
          },
        });
      }
    };
    queueGauges(
      'mail_outbox',
      { pending: 'portal_outbox_pending', oldest: 'portal_outbox_oldest_pending_age_seconds', failed: 'portal_outbox_failed' },
      {
        pending: 'Mails waiting in the outbox (pending or being sent).',
        oldest: 'Age of the oldest mail still waiting in the outbox (0 when none waits).',
        failed: 'Mails the outbox gave up on (status failed).',
      },
    );
    // Webhook deliveries (docs/webhooks.md).
    queueGauges(
      'webhook_deliveries',
      { pending: 'portal_webhook_deliveries_pending', oldest: 'portal_webhook_deliveries_oldest_pending_age_seconds', failed: 'portal_webhook_deliveries_failed' },
      {
        pending: 'Webhook deliveries waiting to be delivered (pending, being sent, or waiting for a retry).',
        oldest: 'Age of the oldest webhook delivery still waiting (0 when none waits).',
        failed: 'Webhook deliveries given up on (status failed: retries ran out, or the receiver answered 410 Gone).',
      },
    );
    new client.Gauge({
      name: 'portal_job_queue_depth',
      help: 'Jobs of pg-boss waiting to run (created or retry), by queue; empty until the job queue runs.',
      labelNames: ['queue'],
      registers,
      async collect() {
        const depths = await quietly(() => jobs.queueDepths());
        if (!depths) return;
        this.reset();
        for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
      },
    });

    const pool = poolOf(database);
    new client.Gauge({
      name: 'portal_db_pool_connections',
      help: 'Database connections by state: in use, idle, and requests waiting for one (PGlite: one connection, never waiting).',
      labelNames: ['state'],
      registers,
      collect() {
        if (pool) {
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        } else {
          this.set({ state: 'in_use' }, 0);
          this.set({ state: 'idle' }, 1);
          this.set({ state: 'waiting' }, 0);
        }
      },
    });
    scrapedGauge('portal_db_pool_size', 'The most connections the database pool opens (DATABASE_POOL_SIZE; 1 on PGlite).', () => pool?.options.max ?? 1);
  }

  /** Records one answered request (route: the pattern, or "unmatched" for a 404 without a route). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let child = this.requestChildren.get(key);
    if (!child) {
      child = this.requestDuration.labels(method, route, String(status));
      this.requestChildren.set(key, child);
    }
    child.observe(seconds);
    if (status === 429) this.rateLimitRefusals.inc({ route });
  }

  login(kind: LoginKind, outcome: LoginOutcome): void {
    this.logins.inc({ kind, outcome });
  }

  /** A report answer cache whose counts are exported. */
  addReportCache(stats: () => ReportCacheStats): void {
    this.reportCaches.push(stats);
  }

  /** A Redis connection whose fallback state is exported. */
  addRedis(stats: () => RedisConnectionStats): void {
    this.redisSources.push(stats);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

async function quietly<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined;
  }
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

function poolOf(database: Database): PoolLike | undefined {
  if (database.kind !== 'postgres') return undefined;
  return (database.db as unknown as { $client: PoolLike }).$client;
}
