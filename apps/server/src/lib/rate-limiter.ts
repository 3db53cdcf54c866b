/**
 * Counts failed attempts per key in fixed windows. In memory for one instance, in Redis when
 * REDIS_URL is set so every instance shares the counts.
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
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetIn: Math.ceil((w.resetAt - now) / 1000) };
  }

  private sweep() {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'portal:rl:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false, connectTimeout: 2_000 });
    // Connection problems surface on the commands; the event only needs a listener.
    this.redis.on('error', () => {});
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

  async close() {
    this.redis.disconnect();
  }
}
