/**
 * The embedded backend: answers from the in-memory snapshot of the imported bundle, caching each
 * answer per snapshot (shared by every caller unless it depends on access codes).
 */
import { Viewer } from './access.ts';
import type { Answer } from './answer.ts';
import type { ContentBackend, ContentRoute, RequestContext } from './backend.ts';
import { DeliveryHttpError, ErrorCode } from './delivery-error.ts';
import type { Snapshot } from './snapshot.ts';
import type { SnapshotStore } from './snapshot-store.ts';
import { syncChanges, syncInit } from './sync.ts';

export interface EmbeddedOptions {
  feedPageSize: number;
  syncPageSize: number;
}

export function environmentNotFound(environmentId: string): DeliveryHttpError {
  return new DeliveryHttpError(404, ErrorCode.environmentNotFound, `The environment '${environmentId}' was not found.`);
}

export class EmbeddedContent implements ContentBackend {
  constructor(
    private readonly store: SnapshotStore,
    private readonly options: EmbeddedOptions,
  ) {}

  answer(context: RequestContext, route: ContentRoute): Answer | Promise<Answer> {
    const isSync = route.kind === 'sync' || route.kind === 'sync-init';
    // Sync reads the change log directly, so its snapshot must be at least as new.
    const fresh = context.waitForNew || isSync;
    // The hot path: the snapshot is current and the answer known; nothing waits on a promise.
    const current = fresh ? undefined : this.store.peek(context.environmentId);
    if (current) return this.answerFrom(current, context, route);
    return this.store.get(context.environmentId, fresh).then((snapshot) => {
      if (!snapshot) throw environmentNotFound(context.environmentId);
      return this.answerFrom(snapshot, context, route);
    });
  }

  private answerFrom(snapshot: Snapshot, context: RequestContext, route: ContentRoute): Answer | Promise<Answer> {
    // `context.params` parses the query string: read it only when an answer must be computed.
    const { pageBase } = context;
    switch (route.kind) {
      case 'items':
        return cached(snapshot, context, (viewer) => snapshot.listItems(context.params, viewer, pageBase));
      case 'item':
        return cached(snapshot, context, (viewer) => snapshot.getItem(route.codename, context.params, viewer));
      case 'items-feed':
        return cached(snapshot, context, (viewer) => snapshot.itemsFeed(context.params, viewer, context.continuation, this.options.feedPageSize));
      case 'types':
        return cached(snapshot, context, () => snapshot.listTypes(context.params, pageBase));
      case 'type':
        return cached(snapshot, context, () => snapshot.getType(route.codename, context.params));
      case 'type-element':
        return cached(snapshot, context, () => snapshot.getTypeElement(route.type, route.element));
      case 'taxonomies':
        return cached(snapshot, context, () => snapshot.listTaxonomies(context.params, pageBase));
      case 'taxonomy':
        return cached(snapshot, context, () => snapshot.getTaxonomy(route.codename));
      case 'languages':
        return cached(snapshot, context, () => snapshot.listLanguages(context.params, pageBase));
      case 'sync-init':
        return syncInit(this.store, snapshot, context.params);
      case 'sync':
        return context.codes().then((codes) => syncChanges(this.store, snapshot, context.continuation, new Viewer(new Set(codes)), this.options.syncPageSize));
    }
  }

  async asset(environmentId: string, fileName: string) {
    const snapshot = await this.store.get(environmentId);
    if (!snapshot) throw environmentNotFound(environmentId);
    const meta = snapshot.assets.get(fileName);
    if (!meta) return undefined;
    return { etag: meta.etag, mimeType: meta.mimeType, bytes: () => this.store.asset(snapshot, fileName) };
  }
}

/**
 * Looks the answer up before asking who the caller is: answers that no restricted item took part in
 * are shared, so most requests never pay for token verification. A caller without a token has no
 * codes: their answer is looked up at once, without a turn through the token check.
 */
function cached(snapshot: Snapshot, context: RequestContext, compute: (viewer: Viewer) => Answer): Answer | Promise<Answer> {
  const key = `${context.pageBase}?${context.search}\u0000${context.continuation ?? ''}`;
  const shared = snapshot.answers.shared(key);
  if (shared) return shared;
  if (context.anonymous) return forCodes(snapshot, key, NO_CODES, compute);
  return context.codes().then((codes) => forCodes(snapshot, key, codes, compute));
}

const NO_CODES: readonly string[] = [];

function forCodes(snapshot: Snapshot, key: string, codes: readonly string[], compute: (viewer: Viewer) => Answer): Answer {
  const accessKey = snapshot.accessKey(codes);
  const known = snapshot.answers.forAccess(key, accessKey);
  if (known) return known;
  const answer = compute(new Viewer(new Set(codes)));
  snapshot.answers.store(key, accessKey, answer);
  return answer;
}
