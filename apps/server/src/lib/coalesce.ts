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
export interface CoalesceOptions {
  /**
   * At most this many batches at the database at once (default: no limit). Keys asked for while the
   * limit is reached wait, and go together as the next batch as soon as one is answered: under
   * saturation the batches grow instead of the round trips multiplying. A key still never joins a
   * batch that was sent before it was asked for.
   */
  maxInFlight?: number;
}

export function coalesce<K, V>(run: (keys: readonly K[]) => Promise<readonly V[]>, maxBatch = 256, options: CoalesceOptions = {}): (key: K) => Promise<V> {
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('coalesce: maxBatch must be a positive integer');
  const maxInFlight = options.maxInFlight ?? Number.POSITIVE_INFINITY;
  if (!(maxInFlight >= 1)) throw new RangeError('coalesce: maxInFlight must be at least 1');
  interface Waiting {
    key: K;
    resolve: (value: V) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let scheduled = false;
  let inFlight = 0;

  async function answer(batch: Waiting[]): Promise<void> {
    inFlight++;
    try {
      const values = await run(batch.map((w) => w.key));
      if (values.length !== batch.length) throw new Error(`coalesce: ${values.length} answers for ${batch.length} keys`);
      batch.forEach((w, i) => w.resolve(values[i]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight--;
      // Keys held back by the limit go now (a flush already scheduled takes them otherwise).
      if (waiting.length && !scheduled) flush();
    }
  }

  function flush(): void {
    scheduled = false;
    while (waiting.length && inFlight < maxInFlight) {
      const batch = waiting.length <= maxBatch ? waiting : waiting.slice(0, maxBatch);
      waiting = waiting.length <= maxBatch ? [] : waiting.slice(maxBatch);
      void answer(batch);
    }
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
