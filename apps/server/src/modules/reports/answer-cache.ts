/**
 * Report answers cached under the version of the data they were computed from
 * (docs/decisions/008-report-answer-cache.md). The version is the sum over `report_data_versions`,
 * which the database's statement triggers move in every transaction that changes a table a report
 * reads, and only then; reading it is one tiny query. An answer is served from the cache only while
 * the version is the one read before it was computed, so a cached answer is never older than the
 * caller's own view of the database: a change committed before the request started is always seen,
 * on every instance, whoever made it.
 *
 * Concurrent requests for the same answer at the same version share one computation (a launch-day
 * refresh storm after a change costs one query per distinct report, not one per reader).
 */

interface Entry {
  version: string;
  answer: Promise<unknown>;
  /** The answer's size once computed (`weigh`), 0 before. */
  bytes: number;
}

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export interface AnswerCacheOptions {
  /** The least recently used answers are dropped beyond this many (0 turns the cache off). */
  maxEntries?: number;
  /** ... or beyond this many bytes, as `weigh` counts them. */
  maxBytes?: number;
  /** An answer's size in bytes (default: none counted). */
  weigh?: (answer: unknown) => number;
}

export class ReportAnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly version: (params: readonly unknown[]) => Promise<Array<{ v: string }>>;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly weigh: (answer: unknown) => number;
  private hits = 0;
  private misses = 0;
  private bytes = 0;

  /** `version` reads the data's version (the report-scope service's `dataVersionStatement()`). */
  constructor(version: (params: readonly unknown[]) => Promise<Array<{ v: string }>>, options: AnswerCacheOptions = {}) {
    // Read on every cached request: a named statement straight on the driver (the report-scope service's).
    this.version = version;
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.weigh = options.weigh ?? (() => 0);
  }

  private drop(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.drop(oldest[0], oldest[1]);
    }
  }

  private async currentVersion(): Promise<string> {
    const [row] = await this.version([]);
    return row?.v ?? '0';
  }

  /**
   * The answer for `key`: from the cache when it was computed at the current data version, else
   * computed by `compute` (which must depend only on the data and `key`) and kept. `readVersion`: the
   * version the caller read just before (report-scope.ts reads it with the scope), saving a read.
   */
  async get<T>(key: string, compute: () => Promise<T>, readVersion?: string): Promise<T> {
    if (this.maxEntries === 0) return compute();
    const version = readVersion ?? (await this.currentVersion());
    const found = this.entries.get(key);
    if (found && found.version === version) {
      this.hits++;
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.answer as Promise<T>;
    }
    this.misses++;
    const answer = compute();
    const entry: Entry = { version, answer, bytes: 0 };
    if (found) this.drop(key, found);
    this.entries.set(key, entry);
    answer.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = this.weigh(value);
        this.bytes += entry.bytes;
        this.evict();
      },
      // A failed computation is not kept: the next request tries again.
      () => this.drop(key, entry),
    );
    this.evict();
    return answer;
  }

  stats(): AnswerCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
