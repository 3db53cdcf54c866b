import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.ts';

describe('coalesce', () => {
  it('answers keys asked for in one turn with one call, each caller with its own value', async () => {
    const calls: number[][] = [];
    const double = coalesce(async (keys: readonly number[]) => {
      calls.push([...keys]);
      return keys.map((k) => k * 2);
    });
    await expect(Promise.all([double(1), double(2), double(3), double(2)])).resolves.toEqual([2, 4, 6, 4]);
    expect(calls).toEqual([[1, 2, 3, 2]]);
    // A later turn is a new batch.
    await expect(double(5)).resolves.toBe(10);
    expect(calls).toEqual([[1, 2, 3, 2], [5]]);
  });

  it('splits a large turn into batches of at most maxBatch keys', async () => {
    const sizes: number[] = [];
    const same = coalesce(async (keys: readonly number[]) => {
      sizes.push(keys.length);
      return keys;
    }, 4);
    const keys = Array.from({ length: 10 }, (_, i) => i);
    await expect(Promise.all(keys.map(same))).resolves.toEqual(keys);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('with maxInFlight, holds keys back while that many batches are out and sends them together after', async () => {
    const calls: number[][] = [];
    const releases: Array<() => void> = [];
    const held = coalesce(
      (keys: readonly number[]) => {
        calls.push([...keys]);
        return new Promise<readonly number[]>((resolve) => releases.push(() => resolve(keys.map((k) => k + 100))));
      },
      3,
      { maxInFlight: 1 },
    );
    const first = held(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1]]);
    // Asked for in later turns while the first batch is out: they wait, then go as one batch of at most maxBatch.
    const later = [held(2), held(3)];
    await new Promise((resolve) => setImmediate(resolve));
    later.push(held(4), held(5));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1]]);
    releases.shift()!();
    await expect(first).resolves.toBe(101);
    expect(calls).toEqual([[1], [2, 3, 4]]);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1], [2, 3, 4], [5]]);
    releases.shift()!();
    await expect(Promise.all(later)).resolves.toEqual([102, 103, 104, 105]);
    expect(() => coalesce(async (k: readonly number[]) => k, 1, { maxInFlight: 0 })).toThrow(RangeError);
  });

  it('rejects every caller of a failed batch, and only that batch', async () => {
    let fail = true;
    const run = coalesce(async (keys: readonly string[]) => {
      if (fail) throw new Error('database down');
      return keys.map((k) => k.toUpperCase());
    });
    const outcomes = await Promise.allSettled([run('a'), run('b')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    fail = false;
    await expect(run('c')).resolves.toBe('C');
  });

  it('rejects a batch whose answers do not match its keys, and a run that throws at once', async () => {
    const short = coalesce(async (keys: readonly number[]) => keys.slice(1));
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow(/1 answers for 2 keys/);
    const throwing = coalesce((): Promise<number[]> => {
      throw new Error('bad statement');
    });
    await expect(throwing(1)).rejects.toThrow('bad statement');
    expect(() => coalesce(async (k: readonly number[]) => k, 0)).toThrow(RangeError);
  });
});
