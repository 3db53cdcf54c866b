/**
 * Counts failed attempts per key in fixed windows. In memory for one instance, in Redis when
 * REDIS_URL is set so every instance shares the counts.
 *
 * Limits are enforced "count first, then check": `hit` adds the attempt atomically and answers the
 * new count, and the caller refuses when it is over the limit; an attempt that turns out not to be
 * a failure is given back with `release`. Reading first and counting later would let every
 * concurrent attempt read the same old count (300 parallel guesses all pass a limit of 100).
 */
import { Redis } from 'ioredis';

export interface LimitState {
  count: number;
  /** Seconds until the window resets. */
  resetIn: number;
}

export interface RateLimiter {
  peek(key: string): Promise<LimitState>;
  increment(key: string, windowSeconds: number): Promise<LimitState>;
  /** Adds one to every key (atomically per key) and answers the new counts, in the keys' order. */
  hit(keys: readonly string[], windowSeconds: number): Promise<LimitState[]>;
  /** Takes back one hit of every key whose window is still open. */
  release(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  constructor(private readonly now: () => number = Date.now) {}

  async peek(key: string): Promise<LimitState> {
    const w = this.windows.get(key);
    const now = this.now();
    if (!w || w.resetAt <= now) return { count: 0, resetIn: 0 };
    return { count: w.count, resetIn: Math.ceil((w.resetAt - now) / 1000) };
  }

  async increment(key: string, windowSeconds: number): Promise<LimitState> {
    return this.count(key, windowSeconds, this.now());
  }

  async hit(keys: readonly string[], windowSeconds: number): Promise<LimitState[]> {
    const now = this.now();
    return keys.map((key) => this.count(key, windowSeconds, now));
  }

  private count(key: string, windowSeconds: number, now: number): LimitState {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetIn: Math.ceil((w.resetAt - now) / 1000) };
  }

  async release(keys: readonly string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now && w.count > 0) w.count -= 1;
    }
  }

  private sweep() {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

const RELEASE_SCRIPT = `for _, k in ipairs(KEYS) do
  if redis.call('exists', k) == 1 and tonumber(redis.call('get', k)) > 0 then redis.call('decr', k) end
end
return 0`;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  /** false when the client was given (a shared connection, lib/redis-connection.ts): its owner closes it. */
  private readonly ownsClient: boolean;

  constructor(urlOrClient: string | Redis, private readonly prefix = 'portal:rl:') {
    this.ownsClient = typeof urlOrClient === 'string';
    this.redis =
      typeof urlOrClient === 'string'
        ? new Redis(urlOrClient, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false, connectTimeout: 2_000 })
        : urlOrClient;
    // Connection problems surface on the commands; the event only needs a listener.
    if (this.ownsClient) this.redis.on('error', () => {});
  }

  async peek(key: string): Promise<LimitState> {
    const k = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis.multi().get(k).pttl(k).exec()) as [[unknown, string | null], [unknown, number]];
    return { count: Number(count ?? 0), resetIn: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
  }

  async increment(key: string, windowSeconds: number): Promise<LimitState> {
    const k = this.prefix + key;
    const [[, count], , [, ttl]] = (await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').pttl(k).exec()) as [
      [unknown, number],
      unknown,
      [unknown, number],
    ];
    return { count, resetIn: Math.ceil(ttl / 1000) };
  }

  async hit(keys: readonly string[], windowSeconds: number): Promise<LimitState[]> {
    if (keys.length === 0) return [];
    const multi = this.redis.multi();
    for (const key of keys) {
      const k = this.prefix + key;
      multi.incr(k).expire(k, windowSeconds, 'NX').pttl(k);
    }
    const replies = (await multi.exec()) ?? [];
    return keys.map((_, i) => {
      const count = Number(replies[i * 3]?.[1] ?? 0);
      const ttl = Number(replies[i * 3 + 2]?.[1] ?? 0);
      return { count, resetIn: ttl > 0 ? Math.ceil(ttl / 1000) : windowSeconds };
    });
  }

  async release(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    // A plain DECR on a key that expired meanwhile would create it at -1 without an expiry.
    await this.redis.eval(RELEASE_SCRIPT, keys.length, ...keys.map((k) => this.prefix + k));
  }

  async close() {
    if (this.ownsClient) this.redis.disconnect();
  }
}
