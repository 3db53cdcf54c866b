/**
 * Content storage: one row per environment, type, taxonomy, language and item (in Delivery API
 * shape), plus a change log that feeds `sync` and `items-feed` deltas. Shared migrations with the
 * server (apps/server/drizzle).
 * Documents are `json`, not `jsonb`: jsonb reorders object keys, and the Delivery API promises
 * elements in the order of their type.
 */
import { bigserial, customType, index, json, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const contentEnvironments = pgTable('content_environments', {
  id: uuid('id').primaryKey(),
  codename: text('codename').notNull().unique(), // 'nbc' | 'abc'
  name: text('name').notNull(),
  updatedAt: updatedAt(),
});

/** Types, taxonomies and languages: one document per environment and codename. */
function documentTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      environmentId: uuid('environment_id').notNull().references(() => contentEnvironments.id),
      codename: text('codename').notNull(),
      data: json('data').notNull(),
    },
    (t) => [primaryKey({ columns: [t.environmentId, t.codename] })],
  );
}

export const contentTypes = documentTable('content_types');
export const contentTaxonomies = documentTable('content_taxonomies');
export const contentLanguages = documentTable('content_languages');

export const contentItems = pgTable(
  'content_items',
  {
    environmentId: uuid('environment_id').notNull().references(() => contentEnvironments.id),
    codename: text('codename').notNull(),
    language: text('language').notNull(),
    type: text('type').notNull(),
    /** The item exactly as the Delivery API returns it: { system, elements }. */
    data: json('data').notNull(),
    /** Access codes that may see this item; null = public. */
    accessCodes: text('access_codes').array(),
    /** Hash of `data`, so a re-import records only real changes. */
    hash: text('hash').notNull(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.environmentId, t.codename, t.language] }), index('content_items_type_idx').on(t.environmentId, t.type)],
);

export const contentChanges = pgTable(
  'content_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id').notNull().references(() => contentEnvironments.id),
    codename: text('codename').notNull(),
    language: text('language').notNull(),
    changeType: text('change_type').$type<'changed_item' | 'deleted_item'>().notNull(),
    /** The item as of this change; for deleted items the last known item (sync reports it). */
    data: json('data'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_changes_env_seq_idx').on(t.environmentId, t.seq)],
);

export const contentAssets = pgTable(
  'content_assets',
  {
    environmentId: uuid('environment_id').notNull().references(() => contentEnvironments.id),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: bytea('bytes').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.environmentId, t.fileName] })],
);
