/**
 * `importContentBundle`: checks a whole bundle, then writes it in one transaction. Items are
 * compared by hash, so a re-import of the same bundle writes nothing and logs no change; every
 * created, changed or deleted item adds a `content_changes` row (sync and items-feed read them).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';
import { schema } from '@portal/db';
import type { DeliveryItem } from '../delivery-types.ts';
import { canonicalJson } from './canonical-hash.ts';
import { BundleValidationError, type PreparedEnvironment, type ReadBundleOptions, readBundle } from './read-bundle.ts';

const { contentAssets, contentChanges, contentEnvironments, contentItems, contentLanguages, contentTaxonomies, contentTypes } = schema;

export interface ImportOptions extends ReadBundleOptions {
  /** The import time written as `last_modified` of what changed (default: now). */
  now?: Date;
}

export interface ImportCounts {
  created: number;
  changed: number;
  deleted: number;
  unchanged: number;
}

export interface EnvironmentImportReport {
  id: string;
  codename: string;
  items: ImportCounts;
  types: ImportCounts;
  taxonomies: ImportCounts;
  languages: ImportCounts;
  assets: ImportCounts;
}

export interface ImportReport {
  environments: EnvironmentImportReport[];
}

/** Serialises imports across connections and server instances (any constant works). */
const IMPORT_LOCK = 0x636f6e74;
const BATCH = 400;

export async function importContentBundle(db: Db, contentRoot: string, options: ImportOptions = {}): Promise<ImportReport> {
  const { environments, issues } = await readBundle(contentRoot, options);
  if (issues.length > 0) throw new BundleValidationError(issues);
  const now = options.now ?? new Date();

  const reports = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const conflicts = [];
    for (const environment of environments) {
      const [taken] = await tx
        .select({ id: contentEnvironments.id })
        .from(contentEnvironments)
        .where(and(eq(contentEnvironments.codename, environment.codename), ne(contentEnvironments.id, environment.id)));
      if (taken) {
        conflicts.push({
          file: `${environment.folder}/environment.json`,
          message: `codename ${environment.codename} already belongs to environment ${taken.id} in the database; keep the id or delete that environment first`,
        });
      }
    }
    if (conflicts.length > 0) throw new BundleValidationError(conflicts);
    const result: EnvironmentImportReport[] = [];
    for (const environment of environments) result.push(await importEnvironment(tx, environment, now));
    return result;
  });
  return { environments: reports };
}

async function importEnvironment(tx: Tx, environment: PreparedEnvironment, now: Date): Promise<EnvironmentImportReport> {
  const envId = environment.id;
  const stamp = now.toISOString();
  const [existingEnvironment] = await tx.select().from(contentEnvironments).where(eq(contentEnvironments.id, envId));
  if (!existingEnvironment) {
    await tx.insert(contentEnvironments).values({ id: envId, codename: environment.codename, name: environment.name, updatedAt: now });
  }

  const types = await syncDocuments(tx, contentTypes, envId, environment.types, stamp);
  const taxonomies = await syncDocuments(tx, contentTaxonomies, envId, environment.taxonomies, stamp);
  const languages = await syncDocuments(tx, contentLanguages, envId, environment.languages, null);
  const assets = await syncAssets(tx, environment);
  const items = await syncItems(tx, environment, now);

  const touched = [types, taxonomies, languages, assets, items].some((c) => c.created + c.changed + c.deleted > 0);
  if (touched || (existingEnvironment && (existingEnvironment.name !== environment.name || existingEnvironment.codename !== environment.codename))) {
    // updated_at is part of the version the serving snapshots watch, so type or asset edits are seen too.
    await tx
      .update(contentEnvironments)
      .set({ name: environment.name, codename: environment.codename, updatedAt: now })
      .where(eq(contentEnvironments.id, envId));
  }
  return { id: envId, codename: environment.codename, items, types, taxonomies, languages, assets };
}

type DocumentTable = typeof contentTypes | typeof contentTaxonomies | typeof contentLanguages;
interface Document {
  system: { last_modified?: string; [key: string]: unknown };
}

/** Upserts types, taxonomies or languages, by their `system.codename`; `last_modified` moves only when the document changed. */
async function syncDocuments(
  tx: Tx,
  table: DocumentTable,
  envId: string,
  documents: readonly (Document & { system: { codename: string } })[],
  stamp: string | null,
): Promise<ImportCounts> {
  const counts = emptyCounts();
  const existing = new Map(
    (await tx.select({ codename: table.codename, data: table.data }).from(table).where(eq(table.environmentId, envId))).map((r) => [
      r.codename,
      r.data as Document,
    ]),
  );
  const comparable = (d: Document): string => canonicalJson({ ...d, system: { ...d.system, last_modified: undefined } });
  for (const data of documents) {
    const codename = data.system.codename;
    const previous = existing.get(codename);
    existing.delete(codename);
    if (previous && comparable(previous) === comparable(data)) {
      counts.unchanged++;
      continue;
    }
    const stored = stamp === null ? data : { ...data, system: { ...data.system, last_modified: stamp } };
    if (previous) {
      counts.changed++;
      await tx.update(table).set({ data: stored }).where(and(eq(table.environmentId, envId), eq(table.codename, codename)));
    } else {
      counts.created++;
      await tx.insert(table).values({ environmentId: envId, codename, data: stored });
    }
  }
  const removed = [...existing.keys()];
  if (removed.length > 0) {
    counts.deleted = removed.length;
    await tx.delete(table).where(and(eq(table.environmentId, envId), inArray(table.codename, removed)));
  }
  return counts;
}

async function syncAssets(tx: Tx, environment: PreparedEnvironment): Promise<ImportCounts> {
  const counts = emptyCounts();
  const envId = environment.id;
  const existing = new Map(
    (
      await tx
        .select({ fileName: contentAssets.fileName, etag: contentAssets.etag, mimeType: contentAssets.mimeType })
        .from(contentAssets)
        .where(eq(contentAssets.environmentId, envId))
    ).map((r) => [r.fileName, r]),
  );
  for (const asset of environment.assets) {
    const previous = existing.get(asset.fileName);
    existing.delete(asset.fileName);
    if (previous && previous.etag === asset.etag && previous.mimeType === asset.mimeType) {
      counts.unchanged++;
    } else if (previous) {
      counts.changed++;
      await tx
        .update(contentAssets)
        .set({ bytes: asset.bytes, etag: asset.etag, mimeType: asset.mimeType })
        .where(and(eq(contentAssets.environmentId, envId), eq(contentAssets.fileName, asset.fileName)));
    } else {
      counts.created++;
      await tx.insert(contentAssets).values({ environmentId: envId, fileName: asset.fileName, mimeType: asset.mimeType, bytes: asset.bytes, etag: asset.etag });
    }
  }
  const removed = [...existing.keys()];
  if (removed.length > 0) {
    counts.deleted = removed.length;
    await tx.delete(contentAssets).where(and(eq(contentAssets.environmentId, envId), inArray(contentAssets.fileName, removed)));
  }
  return counts;
}

async function syncItems(tx: Tx, environment: PreparedEnvironment, now: Date): Promise<ImportCounts> {
  const counts = emptyCounts();
  const envId = environment.id;
  const stamp = now.toISOString();
  const existing = new Map(
    (
      await tx
        .select({ codename: contentItems.codename, language: contentItems.language, hash: contentItems.hash, data: contentItems.data })
        .from(contentItems)
        .where(eq(contentItems.environmentId, envId))
    ).map((r) => [`${r.codename}\u0000${r.language}`, r]),
  );

  const inserts: (typeof contentItems.$inferInsert)[] = [];
  const changes: (typeof contentChanges.$inferInsert)[] = [];
  for (const item of environment.items) {
    const language = item.data.system.language;
    const key = `${item.codename}\u0000${language}`;
    const previous = existing.get(key);
    existing.delete(key);
    if (previous && previous.hash === item.hash) {
      counts.unchanged++;
      continue;
    }
    const data: DeliveryItem = { ...item.data, system: { ...item.data.system, last_modified: stamp } };
    const row = { environmentId: envId, codename: item.codename, language, type: item.type, data, accessCodes: item.accessCodes, hash: item.hash, lastModified: now };
    if (previous) {
      counts.changed++;
      await tx
        .update(contentItems)
        .set({ type: row.type, data, accessCodes: row.accessCodes, hash: row.hash, lastModified: now })
        .where(and(eq(contentItems.environmentId, envId), eq(contentItems.codename, item.codename), eq(contentItems.language, language)));
    } else {
      counts.created++;
      inserts.push(row);
    }
    changes.push({ environmentId: envId, codename: item.codename, language, changeType: 'changed_item', data, at: now });
  }
  for (const [, removed] of existing) {
    counts.deleted++;
    await tx
      .delete(contentItems)
      .where(and(eq(contentItems.environmentId, envId), eq(contentItems.codename, removed.codename), eq(contentItems.language, removed.language)));
    changes.push({ environmentId: envId, codename: removed.codename, language: removed.language, changeType: 'deleted_item', data: removed.data, at: now });
  }
  for (let i = 0; i < inserts.length; i += BATCH) await tx.insert(contentItems).values(inserts.slice(i, i + BATCH));
  changes.sort((a, b) => (a.codename < b.codename ? -1 : a.codename > b.codename ? 1 : 0));
  for (let i = 0; i < changes.length; i += BATCH) await tx.insert(contentChanges).values(changes.slice(i, i + BATCH));
  return counts;
}

function emptyCounts(): ImportCounts {
  return { created: 0, changed: 0, deleted: 0, unchanged: 0 };
}
