/**
 * Rate limits shared between instances through Redis while it answers, per instance while it does
 * not (lib/redis-connection.ts decides, within one short command timeout). It composes the two
 * limiters of rate-limiter.ts unchanged: every call goes to the Redis one through the shared
 * connection's breaker, and to the in-memory one when Redis is away.
 *
 * While Redis is away each instance counts on its own, so a budget is at most "limit x instances"
 * for that time; counts made in memory are not copied to Redis when it returns (the shared counts of
 * before the outage apply again, as far as Redis kept them).
 */
import type { LimitState, RateLimiter } from './rate-limiter.ts';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiter.ts';
import type { ResilientRedis } from './redis-connection.ts';

export class FallbackRateLimiter implements RateLimiter {
  private readonly shared: RedisRateLimiter;
  private readonly local: MemoryRateLimiter;

  constructor(
    private readonly connection: ResilientRedis,
    now?: () => number,
    prefix?: string,
  ) {
    this.shared = new RedisRateLimiter(connection.client, prefix);
    this.local = new MemoryRateLimiter(now);
  }

  peek(key: string): Promise<LimitState> {
    return this.connection.run(
      () => this.shared.peek(key),
      () => this.local.peek(key),
    );
  }

  increment(key: string, windowSeconds: number): Promise<LimitState> {
    return this.connection.run(
      () => this.shared.increment(key, windowSeconds),
      () => this.local.increment(key, windowSeconds),
    );
  }

  hit(keys: readonly string[], windowSeconds: number): Promise<LimitState[]> {
    return this.connection.run(
      () => this.shared.hit(keys, windowSeconds),
      () => this.local.hit(keys, windowSeconds),
    );
  }

  release(keys: readonly string[]): Promise<void> {
    return this.connection.run(
      () => this.shared.release(keys),
      () => this.local.release(keys),
    );
  }

  /** Closes the in-memory part; the connection belongs to whoever opened it. */
  async close(): Promise<void> {
    await this.shared.close();
    await this.local.close();
  }
}
