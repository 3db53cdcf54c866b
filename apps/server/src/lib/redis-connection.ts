/**
 * The one Redis connection of an instance, shared by every feature that keeps state there (today the
 * login and callback rate limits; anything later that wants shared state uses `run` too), and made so
 * that Redis going away never fails a request (docs/operations.md, "Redis away" and "Metrics and alerts"):
 *
 * - Commands are not queued while disconnected and time out after `commandTimeoutMs` (250 ms by
 *   default), so a dead or frozen Redis costs a request at most that long, never a hang.
 * - A breaker: the first failure switches the instance to its per-instance form (`fallback`), logged
 *   once, counted; while it is open no command is sent to Redis at all (no per-request timeouts).
 * - While open, a PING is tried every `probeIntervalMs` (and as soon as the client reconnects); the
 *   first answer closes the breaker, logged once, and shared state is used again, with no restart.
 */
import { Redis } from 'ioredis';

export interface RedisConnectionLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisConnectionOptions {
  commandTimeoutMs?: number;
  probeIntervalMs?: number;
  /** How long `connect` waits for the first connection before starting in the per-instance form. */
  connectWaitMs?: number;
  log?: RedisConnectionLog;
}

export interface RedisConnectionStats {
  /** true while the per-instance form is used (breaker open). */
  fallbackActive: boolean;
  /** How many times Redis was given up on (breaker opened). */
  fallbacks: number;
  /** Operations answered by the per-instance form because Redis was away. */
  fallbackOperations: number;
  /** Commands that failed or timed out against Redis. */
  failures: number;
}

class RedisTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
    this.name = 'RedisTimeout';
  }
}

export class ResilientRedis {
  readonly client: Redis;
  private readonly commandTimeoutMs: number;
  private readonly probeIntervalMs: number;
  private readonly connectWaitMs: number;
  private readonly log: RedisConnectionLog | undefined;
  private open = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  private readonly counters = { fallbacks: 0, fallbackOperations: 0, failures: 0 };

  constructor(url: string, options: RedisConnectionOptions = {}) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? 250;
    this.probeIntervalMs = options.probeIntervalMs ?? 1_000;
    this.connectWaitMs = options.connectWaitMs ?? 1_000;
    this.log = options.log;
    this.client = new Redis(url, {
      // Fail at once while disconnected instead of queueing until Redis is back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: this.commandTimeoutMs,
      connectTimeout: 1_000,
      // Keep reconnecting, at most a second apart.
      retryStrategy: (times) => Math.min(times * 100, 1_000),
      lazyConnect: false,
    });
    // Failures surface on the commands (and open the breaker); the event only needs a listener.
    this.client.on('error', () => {});
    this.client.on('ready', () => {
      if (this.open) void this.probe();
    });
  }

  /** Waits (up to `connectWaitMs`) for the first connection; without it the instance starts per-instance. */
  async connect(): Promise<void> {
    if (this.client.status === 'ready') return;
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.client.off('ready', onReady);
        resolve(false);
      }, this.connectWaitMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.client.once('ready', onReady);
    });
    if (!ready) this.trip(new Error(`no connection within ${this.connectWaitMs} ms`));
  }

  /**
   * `shared(client)` against Redis; when Redis is away (breaker open, command failed or timed out),
   * `local()` instead. Any failure falls back (a reply error too: no request may fail because of
   * Redis) and opens the breaker until a PING is answered.
   */
  async run<T>(shared: (client: Redis) => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.open || this.closed) {
      this.counters.fallbackOperations++;
      return local();
    }
    try {
      return await this.withTimeout(shared(this.client));
    } catch (error) {
      this.counters.failures++;
      this.trip(error);
      this.counters.fallbackOperations++;
      return local();
    }
  }

  stats(): RedisConnectionStats {
    return { fallbackActive: this.open, ...this.counters };
  }

  private withTimeout<T>(promise: Promise<T>): Promise<T> {
    // ioredis's commandTimeout covers single commands; MULTI/EVAL pipelines get the same bound here.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisTimeout(this.commandTimeoutMs)), this.commandTimeoutMs);
    });
    promise.catch(() => {}); // a late rejection after the timeout won is not unhandled
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  private trip(error: unknown): void {
    if (this.open || this.closed) return;
    this.open = true;
    this.counters.fallbacks++;
    this.log?.warn(
      { err: error instanceof Error ? { message: error.message, name: error.name } : error },
      'Redis is unavailable: rate limits are per instance until it answers again',
    );
    this.probeTimer = setInterval(() => void this.probe(), this.probeIntervalMs).unref();
  }

  private async probe(): Promise<void> {
    if (!this.open || this.probing || this.closed) return;
    this.probing = true;
    try {
      await this.withTimeout(this.client.ping());
      if (!this.open || this.closed) return;
      this.open = false;
      clearInterval(this.probeTimer);
      this.probeTimer = undefined;
      this.log?.info({}, 'Redis answers again: rate limits are shared between instances again');
    } catch {
      // Still away; the next tick tries again.
    } finally {
      this.probing = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probeTimer);
    this.client.disconnect();
  }
}
