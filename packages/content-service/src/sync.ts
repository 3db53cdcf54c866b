/**
 * Sync API v1 over the change log: `POST sync/init` hands out a token for the current position,
 * `GET sync` answers the changes after the token's position (one entry per item, its latest change)
 * and a token for the new position. The token is sent back only when it moved, so the SDK's
 * `toAllPromise()` stops once the caller is up to date; an unchanged token stays valid.
 */
import { z } from 'zod';
import type { Viewer } from './access.ts';
import { type Answer, jsonAnswer } from './answer.ts';
import { badRequest } from './delivery-error.ts';
import { type DeliverySyncEntry, accessCodesOf } from './delivery-types.ts';
import { type Filter, type QueryParam, isFilterKey, parseFilter } from './query/query-params.ts';
import type { Snapshot } from './snapshot.ts';
import type { SnapshotStore } from './snapshot-store.ts';

const tokenSchema = z.object({
  v: z.literal(1),
  e: z.string(),
  s: z.number().int().nonnegative(),
  f: z.array(z.object({ p: z.enum(['type', 'collection']), o: z.enum(['eq', 'neq', 'in', 'nin']), v: z.array(z.string()) })),
  /** The language whose variants are synced; absent: the default language. */
  l: z.string().optional(),
});
type SyncToken = z.infer<typeof tokenSchema>;

export function encodeSyncToken(token: SyncToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeSyncToken(raw: string | undefined, environmentId: string): SyncToken {
  if (!raw) throw badRequest('GET sync needs the X-Continuation request header with a token from POST sync/init or a previous sync.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = tokenSchema.safeParse(parsed);
  if (!result.success || result.data.e !== environmentId) throw badRequest('The X-Continuation token is not a valid sync token for this environment.');
  return result.data;
}

/** `system.type` and `system.collection` filters plus `language`, the parameters of sync/init. */
function syncFilters(params: readonly QueryParam[], snapshot: Snapshot): { filters: SyncToken['f']; language: string | undefined } {
  const filters: SyncToken['f'] = [];
  let language: string | undefined;
  for (const param of params) {
    if (param.key === 'language') {
      if (param.value === null || !snapshot.hasLanguage(param.value)) throw badRequest(`The language '${param.value ?? ''}' does not exist in this environment.`);
      language = param.value;
      continue;
    }
    if (!isFilterKey(param.key)) continue;
    const filter = parseFilter(param);
    if (filter.source !== 'system' || (filter.property !== 'type' && filter.property !== 'collection')) {
      throw badRequest(`sync/init accepts only system.type and system.collection filters, not "${param.key}".`);
    }
    if (filter.operator !== 'eq' && filter.operator !== 'neq' && filter.operator !== 'in' && filter.operator !== 'nin') {
      throw badRequest(`sync/init filters accept =, [neq], [in] and [nin]; "${param.key}" is not supported.`);
    }
    filters.push({ p: filter.property, o: filter.operator, v: [...filter.values] });
  }
  return { filters, language };
}

export async function syncInit(store: SnapshotStore, snapshot: Snapshot, params: readonly QueryParam[]): Promise<Answer> {
  const { filters, language } = syncFilters(params, snapshot);
  const seq = await store.latestSeq(snapshot.environmentId);
  return jsonAnswer({ items: [] }, 0, true, { continuation: encodeSyncToken({ v: 1, e: snapshot.environmentId, s: seq, f: filters, ...(language ? { l: language } : {}) }) });
}

export async function syncChanges(
  store: SnapshotStore,
  snapshot: Snapshot,
  continuation: string | undefined,
  viewer: Viewer,
  pageSize: number,
): Promise<Answer> {
  const token = decodeSyncToken(continuation, snapshot.environmentId);
  const rows = await store.changesSince(snapshot.environmentId, token.s, pageSize);
  const lastSeq = rows.at(-1)?.seq ?? token.s;
  const filters: Filter[] = token.f.map((f) => ({ source: 'system', property: f.p, operator: f.o, values: f.v, parameter: `system.${f.p}` }));

  // One entry per item: its latest change on this page, in the token's language only.
  const language = token.l ?? snapshot.defaultLanguage;
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (row.language !== language) continue;
    latest.delete(row.codename);
    latest.set(row.codename, row);
  }
  const items: DeliverySyncEntry[] = [];
  for (const row of latest.values()) {
    if (!row.data || !snapshot.matchesSyncFilters(row.data, filters)) continue;
    if (!viewer.canSee(accessCodesOf(row.data))) continue;
    items.push({ change_type: row.changeType, timestamp: row.at.toISOString(), data: snapshot.syncView(row.data, viewer) });
  }
  const moved = lastSeq !== token.s;
  return jsonAnswer({ items }, items.length, false, {
    continuation: moved ? encodeSyncToken({ ...token, s: lastSeq }) : undefined,
  });
}
