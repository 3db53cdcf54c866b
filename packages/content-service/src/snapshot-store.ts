/**
 * Keeps one in-memory snapshot per environment and replaces it when the database moves on. At most
 * once per `refreshIntervalMs` a request triggers one cheap query for every environment's version
 * (latest change-log seq and `updated_at`); several server instances therefore converge within about
 * that interval of an import, with no messaging between them.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@portal/db';
import { rowsOf, schema } from '@portal/db';
import type { DeliveryItem, DeliveryLanguage, DeliveryTaxonomy, DeliveryType } from './delivery-types.ts';
import { DeliveryHttpError, ErrorCode } from './delivery-error.ts';
import { sanitizeRichTextIn } from './rich-text/sanitize.ts';
import { Snapshot } from './snapshot.ts';

const { contentAssets, contentChanges, contentItems, contentLanguages, contentTaxonomies, contentTypes } = schema;

export interface StoreLogger {
  warn(details: object, message: string): void;
}

export interface ChangeRow {
  seq: number;
  codename: string;
  language: string;
  changeType: 'changed_item' | 'deleted_item';
  data: DeliveryItem | null;
  at: Date;
}

const ASSET_CACHE_BYTES = 64 * 1024 * 1024;

export class SnapshotStore {
  private versions = new Map<string, string>();
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly loading = new Map<string, Promise<Snapshot>>();
  private lastCheck = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private readonly assetBytes = new Map<string, { etag: string; bytes: Buffer }>();
  private assetBytesTotal = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { refreshIntervalMs: number; log?: StoreLogger },
  ) {}

  /**
   * The environment's current snapshot, or undefined when the environment does not exist.
   * `fresh` checks the database now (the `X-KC-Wait-For-Loading-New-Content` header).
   */
  get(environmentId: string, fresh = false): Promise<Snapshot | undefined> {
    return this.guarded(() => this.current(environmentId, fresh));
  }

  private async current(environmentId: string, fresh: boolean): Promise<Snapshot | undefined> {
    if (fresh) await this.check();
    else if (Date.now() - this.lastCheck >= this.options.refreshIntervalMs) await (this.checking ??= this.check().finally(() => (this.checking = undefined)));
    const version = this.versions.get(environmentId);
    if (version === undefined) return undefined;
    const current = this.snapshots.get(environmentId);
    if (current?.version === version) return current;
    try {
      return await this.load(environmentId);
    } catch (error) {
      if (!current) throw error;
      this.options.log?.warn({ err: error, environmentId }, 'content snapshot reload failed; serving the previous one');
      return current;
    }
  }

  /** The current snapshot when no database check is due (the hot path); otherwise undefined: call `get`. */
  peek(environmentId: string): Snapshot | undefined {
    if (Date.now() - this.lastCheck >= this.options.refreshIntervalMs) return undefined;
    const current = this.snapshots.get(environmentId);
    return current !== undefined && current.version === this.versions.get(environmentId) ? current : undefined;
  }

  /** The highest change-log sequence of an environment (0 when it has none). */
  async latestSeq(environmentId: string): Promise<number> {
    return this.guarded(async () => {
      const rows = rowsOf<{ seq: string | number }>(
      await this.db.execute(sql`select coalesce(max(seq), 0)::text as seq from content_changes where environment_id = ${environmentId}`),
    );
      return Number(rows[0]?.seq ?? 0);
    });
  }

  async changesSince(environmentId: string, seq: number, limit: number): Promise<ChangeRow[]> {
    const rows = await this.guarded(() =>
      this.db
      .select({ seq: contentChanges.seq, codename: contentChanges.codename, language: contentChanges.language, changeType: contentChanges.changeType, data: contentChanges.data, at: contentChanges.at })
      .from(contentChanges)
      .where(and(eq(contentChanges.environmentId, environmentId), gt(contentChanges.seq, seq)))
        .orderBy(asc(contentChanges.seq))
        .limit(limit),
    );
    // Rows written before imports sanitized rich text (decision 009) are cleaned on the way out.
    return rows.map((r) => ({ ...r, seq: Number(r.seq), data: withSafeRichText(r.data as DeliveryItem | null) }));
  }

  /** An asset's bytes, cached in memory by ETag. */
  async asset(snapshot: Snapshot, fileName: string): Promise<Buffer | undefined> {
    const meta = snapshot.assets.get(fileName);
    if (!meta) return undefined;
    const key = `${snapshot.environmentId}/${fileName}`;
    const cached = this.assetBytes.get(key);
    if (cached?.etag === meta.etag) return cached.bytes;
    const [row] = await this.guarded(() =>
      this.db
        .select({ bytes: contentAssets.bytes, etag: contentAssets.etag })
        .from(contentAssets)
        .where(and(eq(contentAssets.environmentId, snapshot.environmentId), eq(contentAssets.fileName, fileName))),
    );
    if (!row) return undefined;
    const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
    if (cached) this.assetBytesTotal -= cached.bytes.length;
    if (bytes.length <= ASSET_CACHE_BYTES / 4) {
      while (this.assetBytesTotal + bytes.length > ASSET_CACHE_BYTES && this.assetBytes.size > 0) {
        const [oldestKey, oldest] = this.assetBytes.entries().next().value as [string, { bytes: Buffer }];
        this.assetBytes.delete(oldestKey);
        this.assetBytesTotal -= oldest.bytes.length;
      }
      this.assetBytes.set(key, { etag: row.etag, bytes });
      this.assetBytesTotal += bytes.length;
    }
    return bytes;
  }

  /** Database failures become a Delivery-shaped 503, logged once here. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DeliveryHttpError) throw error;
      this.options.log?.warn({ err: error }, 'content database unavailable');
      throw new DeliveryHttpError(503, ErrorCode.upstreamUnavailable, 'The content store is unavailable; try again shortly.');
    }
  }

  private async check(): Promise<void> {
    try {
      const rows = rowsOf<{ id: string; version: string }>(
        await this.db.execute(sql`
          select e.id::text as id,
                 coalesce((select max(c.seq) from content_changes c where c.environment_id = e.id), 0)::text
                   || ':' || (extract(epoch from e.updated_at) * 1000)::bigint::text as version
          from content_environments e`),
      );
      this.versions = new Map(rows.map((r) => [r.id, r.version]));
      for (const id of this.snapshots.keys()) if (!this.versions.has(id)) this.snapshots.delete(id);
    } catch (error) {
      // Keep serving what we have; a database blip must not take content down.
      if (this.versions.size === 0) throw error;
      this.options.log?.warn({ err: error }, 'content version check failed; serving cached snapshots');
    } finally {
      this.lastCheck = Date.now();
    }
  }

  private load(environmentId: string): Promise<Snapshot> {
    let pending = this.loading.get(environmentId);
    if (!pending) {
      pending = this.read(environmentId).finally(() => this.loading.delete(environmentId));
      this.loading.set(environmentId, pending);
    }
    return pending;
  }

  private async read(environmentId: string): Promise<Snapshot> {
    const snapshot = await this.db.transaction(
      async (tx) => {
        const versionRows = rowsOf<{ codename: string; version: string }>(
          await tx.execute(sql`
            select e.codename,
                   coalesce((select max(c.seq) from content_changes c where c.environment_id = e.id), 0)::text
                     || ':' || (extract(epoch from e.updated_at) * 1000)::bigint::text as version
            from content_environments e where e.id = ${environmentId}`),
        );
        const head = versionRows[0];
        if (!head) throw new Error(`content environment ${environmentId} disappeared`);
        const [items, types, taxonomies, languages, assets] = [
          await tx
            .select({ codename: contentItems.codename, type: contentItems.type, data: contentItems.data, codes: contentItems.accessCodes })
            .from(contentItems)
            .where(eq(contentItems.environmentId, environmentId)),
          await tx.select({ data: contentTypes.data }).from(contentTypes).where(eq(contentTypes.environmentId, environmentId)),
          await tx.select({ data: contentTaxonomies.data }).from(contentTaxonomies).where(eq(contentTaxonomies.environmentId, environmentId)),
          await tx.select({ data: contentLanguages.data }).from(contentLanguages).where(eq(contentLanguages.environmentId, environmentId)).orderBy(asc(contentLanguages.codename)),
          await tx
            .select({
              fileName: contentAssets.fileName,
              mimeType: contentAssets.mimeType,
              etag: contentAssets.etag,
              size: sql<number>`octet_length(${contentAssets.bytes})::int`,
            })
            .from(contentAssets)
            .where(eq(contentAssets.environmentId, environmentId)),
        ];
        return new Snapshot({
          environmentId,
          codename: head.codename,
          version: head.version,
          items: items.map((r) => ({ codename: r.codename, type: r.type, data: withSafeRichText(r.data as DeliveryItem), codes: r.codes ?? null })),
          types: types.map((r) => r.data as DeliveryType),
          taxonomies: taxonomies.map((r) => r.data as DeliveryTaxonomy),
          languages: languages.map((r) => r.data as DeliveryLanguage),
          assets: assets.map((a) => ({ ...a, size: Number(a.size) })),
        });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.snapshots.set(environmentId, snapshot);
    // The snapshot may be newer than the last check saw; without this every request would reload it.
    this.versions.set(environmentId, snapshot.version);
    return snapshot;
  }

  /** The environments known at the last check. */
  get environmentIds(): string[] {
    return [...this.versions.keys()];
  }
}

/**
 * Imports store rich text sanitized; an item stored by an older version is sanitized when it is
 * read (once per snapshot; unchanged texts come from the sanitizer's memo).
 */
function withSafeRichText<T extends DeliveryItem | null>(data: T): T {
  if (data) sanitizeRichTextIn(data.elements);
  return data;
}
