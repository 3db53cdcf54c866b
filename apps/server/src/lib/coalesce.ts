/**
 * Lookups that arrive together, answered by one query. At a conference launch hundreds of logins
 * land at once; each used to cost its own round trip to the database, and the round trip (the
 * driver, two socket writes, the backend's wake-up, the executor's start) cost more CPU than the
 * index lookups themselves. `coalesce` gathers every key asked for in one turn of the event loop
 * (the requests whose bytes arrived in one poll) and hands them to `run` as one array.
 *
 * A key asked for alone waits one `setImmediate`, not a timer: nothing is held back to wait for
 * company. Each caller gets its own answer or, if the batch's query fails, the same error.
 */
export function coalesce<K, V>(run: (keys: readonly K[]) => Promise<readonly V[]>, maxBatch = 256): (key: K) => Promise<V> {
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('coalesce: maxBatch must be a positive integer');
  interface Waiting {
    key: K;
    resolve: (value: V) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];

  async function answer(batch: Waiting[]): Promise<void> {
    try {
      const values = await run(batch.map((w) => w.key));
      if (values.length !== batch.length) throw new Error(`coalesce: ${values.length} answers for ${batch.length} keys`);
      batch.forEach((w, i) => w.resolve(values[i]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  function flush(): void {
    const all = waiting;
    waiting = [];
    for (let start = 0; start < all.length; start += maxBatch) void answer(all.slice(start, start + maxBatch));
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
