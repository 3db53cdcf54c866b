/**
 * One environment's content held in memory, and the Delivery API answers computed from it. A
 * snapshot never changes; a new import produces a new snapshot (see snapshot-store.ts), so answers
 * can be cached per snapshot without invalidation.
 */
import { type Projection, type Viewer, accessKeyOf, collectLinked, linkedCodenamesOf, prunedElement, viewOf } from './access.ts';
import { type Answer, AnswerCache, jsonAnswer } from './answer.ts';
import { DeliveryHttpError, ErrorCode, badRequest } from './delivery-error.ts';
import type { DeliveryItem, DeliveryLanguage, DeliveryTaxonomy, DeliveryType } from './delivery-types.ts';
import { type ElementReader, compareSortEntries, matchesAll, sortKeyOf } from './query/evaluate.ts';
import {
  type Filter,
  type ItemsQuery,
  type Order,
  type QueryParam,
  nextPageUrl,
  parseCodenameList,
  parseItemsQuery,
  parseOrder,
  parsePaging,
} from './query/query-params.ts';

/** The Delivery API's response-size limit: main items plus modular content. */
export const MAX_ITEMS_PER_RESPONSE = 2_000;

export interface SnapshotItem {
  codename: string;
  type: string;
  data: DeliveryItem;
  /** null = public. */
  codes: readonly string[] | null;
  /** Whether any item it links to is restricted (only then must its linked values be filtered). */
  linksRestricted: boolean;
}

export interface AssetMeta {
  fileName: string;
  mimeType: string;
  etag: string;
  size: number;
}

export interface SnapshotInput {
  environmentId: string;
  codename: string;
  version: string;
  items: { codename: string; type: string; data: DeliveryItem; codes: readonly string[] | null }[];
  types: DeliveryType[];
  taxonomies: DeliveryTaxonomy[];
  languages: DeliveryLanguage[];
  assets: AssetMeta[];
}

/** Kontent.ai's id of an environment's default language. */
const DEFAULT_LANGUAGE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The items as one language serves them: its own variant of each item, else the default language's
 * (Kontent.ai's language fallback; `system.language` says which variant was served).
 */
interface LanguageView {
  readonly items: readonly SnapshotItem[];
  readonly byCodename: ReadonlyMap<string, SnapshotItem>;
  readonly byType: ReadonlyMap<string, readonly SnapshotItem[]>;
}

export class Snapshot {
  readonly environmentId: string;
  readonly codename: string;
  readonly version: string;
  readonly answers = new AnswerCache();
  /** Every code some restricted item carries: the only codes that can change an answer. */
  readonly restrictedCodes: ReadonlySet<string>;
  readonly assets: ReadonlyMap<string, AssetMeta>;
  /** The default language's codename: what a request without `language` reads, and every fallback. */
  readonly defaultLanguage: string;
  /** Each language's own variants, by codename. */
  private readonly variants: ReadonlyMap<string, ReadonlyMap<string, SnapshotItem>>;
  /** Language views, made on first use (a snapshot never changes). */
  private readonly views = new Map<string, LanguageView>();
  private readonly types: readonly DeliveryType[];
  private readonly typesByCodename: ReadonlyMap<string, DeliveryType>;
  private readonly taxonomies: readonly DeliveryTaxonomy[];
  private readonly taxonomiesByCodename: ReadonlyMap<string, DeliveryTaxonomy>;
  private readonly languages: readonly DeliveryLanguage[];
  private readonly languageCodes: ReadonlySet<string>;

  constructor(input: SnapshotInput) {
    this.environmentId = input.environmentId;
    this.codename = input.codename;
    this.version = input.version;
    this.defaultLanguage = defaultLanguageOf(input.languages);
    const variants = new Map<string, Map<string, SnapshotItem>>();
    const restrictedCodes = new Set<string>();
    for (const row of [...input.items].sort((a, b) => compareCodenames(a.codename, b.codename))) {
      const language = row.data.system.language;
      let own = variants.get(language);
      if (!own) variants.set(language, (own = new Map()));
      if (own.has(row.codename)) continue;
      own.set(row.codename, { ...row, linksRestricted: false });
      for (const code of row.codes ?? []) restrictedCodes.add(code);
    }
    this.variants = variants;
    this.restrictedCodes = restrictedCodes;
    this.types = [...input.types].sort((a, b) => compareCodenames(a.system.codename, b.system.codename));
    this.typesByCodename = new Map(this.types.map((t) => [t.system.codename, t]));
    this.taxonomies = [...input.taxonomies].sort((a, b) => compareCodenames(a.system.codename, b.system.codename));
    this.taxonomiesByCodename = new Map(this.taxonomies.map((t) => [t.system.codename, t]));
    this.languages = input.languages;
    this.languageCodes = new Set(input.languages.map((l) => l.system.codename));
    this.assets = new Map(input.assets.map((a) => [a.fileName, a]));
  }

  get itemCount(): number {
    return this.viewOf(null).items.length;
  }

  /**
   * The items `language` serves (null: the default language): for every codename, the variant in
   * that language, else the default language's. Linked items resolve within the same view, so a
   * French page links French items where they exist.
   */
  private viewOf(language: string | null): LanguageView {
    const wanted = language ?? this.defaultLanguage;
    const known = this.views.get(wanted);
    if (known) return known;
    const byCodename = new Map<string, SnapshotItem>(this.variants.get(this.defaultLanguage) ?? []);
    if (wanted !== this.defaultLanguage) {
      for (const [codename, item] of this.variants.get(wanted) ?? []) byCodename.set(codename, item);
    }
    const items = [...byCodename.values()].sort((a, b) => compareCodenames(a.codename, b.codename));
    const viewItems: SnapshotItem[] = [];
    const viewByCodename = new Map<string, SnapshotItem>();
    for (const item of items) {
      // Each view has its own copy: whether an item links to a restricted one depends on the view.
      const copy = { ...item, linksRestricted: false };
      viewItems.push(copy);
      viewByCodename.set(copy.codename, copy);
    }
    for (const item of viewItems) {
      item.linksRestricted = Object.values(item.data.elements).some((element) =>
        linkedCodenamesOf(element).some((codename) => viewByCodename.get(codename)?.codes != null),
      );
    }
    const byType = new Map<string, SnapshotItem[]>();
    for (const item of viewItems) {
      const list = byType.get(item.type) ?? [];
      list.push(item);
      byType.set(item.type, list);
    }
    const view = { items: viewItems, byCodename: viewByCodename, byType };
    this.views.set(wanted, view);
    return view;
  }

  accessKey(codes: readonly string[]): string {
    // No codes (a caller without a token): the key of no codes, without building sets.
    if (codes.length === 0) return '';
    return accessKeyOf(codes, this.restrictedCodes);
  }

  /** GET /items */
  listItems(params: readonly QueryParam[], viewer: Viewer, pageBase: string): Answer {
    const query = parseItemsQuery(params, { filters: true, paging: true, order: true, depth: true });
    this.checkLanguage(query.language);
    const lv = this.viewOf(query.language);
    const matched = this.select(lv, query.filters, query.order, viewer);
    const page = query.limit === null ? matched.slice(query.skip) : matched.slice(query.skip, query.skip + query.limit);
    const projection = projectionOf(query);
    const items = page.map((item) => this.view(lv, item, projection, viewer));
    const modular = collectLinked(items, query.depth, this.resolverFor(lv, projection, viewer), MAX_ITEMS_PER_RESPONSE - items.length);
    const charge = items.length + modular.size;
    if (charge > MAX_ITEMS_PER_RESPONSE) throw tooLarge(charge);
    const hasMore = query.limit !== null && query.skip + page.length < matched.length;
    const pagination = {
      skip: query.skip,
      limit: query.limit ?? 0,
      count: items.length,
      next_page: hasMore && query.limit !== null ? nextPageUrl(pageBase, params, query.skip + query.limit) : '',
      ...(query.includeTotalCount ? { total_count: matched.length } : {}),
    };
    return jsonAnswer({ items, modular_content: Object.fromEntries(modular), pagination }, charge, !viewer.dependsOnAccess);
  }

  /** GET /items/{codename} */
  getItem(codename: string, params: readonly QueryParam[], viewer: Viewer): Answer {
    const query = parseItemsQuery(params, { filters: false, paging: false, order: false, depth: true });
    this.checkLanguage(query.language);
    const lv = this.viewOf(query.language);
    const target = lv.byCodename.get(codename);
    if (!target || !viewer.canSee(target.codes)) {
      throw new DeliveryHttpError(404, ErrorCode.itemNotFound, `The requested content item '${codename}' was not found.`);
    }
    const projection = projectionOf(query);
    const item = this.view(lv, target, projection, viewer);
    const modular = collectLinked([item], query.depth, this.resolverFor(lv, projection, viewer), MAX_ITEMS_PER_RESPONSE - 1);
    const charge = 1 + modular.size;
    if (charge > MAX_ITEMS_PER_RESPONSE) throw tooLarge(charge);
    return jsonAnswer({ item, modular_content: Object.fromEntries(modular) }, charge, !viewer.dependsOnAccess);
  }

  /** GET /items-feed: pages of `pageSize` items; the next page is named by `X-Continuation`. */
  itemsFeed(params: readonly QueryParam[], viewer: Viewer, continuation: string | undefined, pageSize: number): Answer {
    const query = parseItemsQuery(params, { filters: true, paging: false, order: true, depth: false });
    this.checkLanguage(query.language);
    const lv = this.viewOf(query.language);
    const order: Order = query.order ?? { source: 'system', property: 'codename', direction: 'asc' };
    const matched = this.select(lv, query.filters, order, viewer);
    const reader = this.readerFor(lv, viewer);
    const entryOf = (item: SnapshotItem) => ({ key: sortKeyOf(item.data, order, reader), codename: item.codename });
    let start = 0;
    if (continuation !== undefined) {
      const after = decodeFeedToken(continuation);
      // Resume after the last item served, so a re-import between pages skips or repeats nothing
      // that did not itself change.
      start = matched.findIndex((item) => compareSortEntries(entryOf(item), after, order.direction) > 0);
      if (start < 0) start = matched.length;
    }
    const page = matched.slice(start, start + pageSize);
    const last = page.at(-1);
    const more = last !== undefined && start + page.length < matched.length;
    const projection = projectionOf(query);
    const items = page.map((item) => this.view(lv, item, projection, viewer));
    return jsonAnswer({ items, modular_content: {} }, items.length, !viewer.dependsOnAccess, {
      continuation: more && last ? encodeFeedToken(entryOf(last)) : undefined,
    });
  }

  /** GET /types */
  listTypes(params: readonly QueryParam[], pageBase: string): Answer {
    const { skip, limit } = parsePaging(params);
    const elements = elementsParam(params);
    const all = this.types.map((type) => projectType(type, elements));
    return listing('types', all, skip, limit, params, pageBase);
  }

  /** GET /types/{codename} */
  getType(codename: string, params: readonly QueryParam[]): Answer {
    const type = this.typesByCodename.get(codename);
    if (!type) throw new DeliveryHttpError(404, ErrorCode.typeNotFound, `The requested content type '${codename}' was not found.`);
    const projected = projectType(type, elementsParam(params));
    return jsonAnswer(projected, 1, true);
  }

  /** GET /types/{type}/elements/{element} */
  getTypeElement(typeCodename: string, elementCodename: string): Answer {
    const type = this.typesByCodename.get(typeCodename);
    if (!type) throw new DeliveryHttpError(404, ErrorCode.typeNotFound, `The requested content type '${typeCodename}' was not found.`);
    const element = Object.hasOwn(type.elements, elementCodename) ? type.elements[elementCodename] : undefined;
    if (!element) {
      throw new DeliveryHttpError(404, ErrorCode.elementNotFound, `The requested element '${elementCodename}' was not found in content type '${typeCodename}'.`);
    }
    return jsonAnswer({ ...element, codename: elementCodename }, 1, true);
  }

  /** GET /taxonomies */
  listTaxonomies(params: readonly QueryParam[], pageBase: string): Answer {
    const { skip, limit } = parsePaging(params);
    return listing('taxonomies', this.taxonomies, skip, limit, params, pageBase);
  }

  /** GET /taxonomies/{codename} */
  getTaxonomy(codename: string): Answer {
    const taxonomy = this.taxonomiesByCodename.get(codename);
    if (!taxonomy) throw new DeliveryHttpError(404, ErrorCode.taxonomyNotFound, `The requested taxonomy group '${codename}' was not found.`);
    return jsonAnswer(taxonomy, 1, true);
  }

  /** GET /languages */
  listLanguages(params: readonly QueryParam[], pageBase: string): Answer {
    const { skip, limit } = parsePaging(params);
    const orderParam = params.find((p) => p.key === 'order');
    let languages = [...this.languages];
    if (orderParam) {
      const order = parseOrder(orderParam.value);
      if (order.source !== 'system') throw badRequest('Languages can be ordered by system properties only.');
      const keyOf = (l: DeliveryLanguage) => {
        const value = l.system[order.property];
        return typeof value === 'string' ? value : null;
      };
      languages = languages.sort((a, b) =>
        compareSortEntries({ key: keyOf(a), codename: a.system.codename }, { key: keyOf(b), codename: b.system.codename }, order.direction),
      );
    }
    return listing('languages', languages, skip, limit, params, pageBase);
  }

  /** A sync entry's item as the caller may see it (the caller checks the item's own visibility). */
  syncView(data: DeliveryItem, viewer: Viewer): DeliveryItem {
    const lv = this.viewOf(data.system.language);
    return viewOf(data, { include: null, exclude: null }, true, (codename) => this.isVisible(lv, codename, viewer));
  }

  matchesSyncFilters(data: DeliveryItem, filters: readonly Filter[]): boolean {
    return matchesAll(data, filters, (item, codename) => item.elements[codename]);
  }

  hasLanguage(codename: string): boolean {
    return this.languageCodes.has(codename);
  }

  private checkLanguage(language: string | null): void {
    if (language !== null && !this.languageCodes.has(language)) {
      throw badRequest(`The language '${language}' does not exist in this environment; use one of ${[...this.languageCodes].join(', ')}.`);
    }
  }

  private isVisible(lv: LanguageView, codename: string, viewer: Viewer): boolean {
    const target = lv.byCodename.get(codename);
    return target !== undefined && viewer.canSee(target.codes);
  }

  private readerFor(lv: LanguageView, viewer: Viewer): ElementReader {
    if (this.restrictedCodes.size === 0) return (item, codename) => item.elements[codename];
    // Filters see linked values as the caller does, so a filter cannot reveal a hidden linked item.
    return (item, codename) => {
      const element = Object.hasOwn(item.elements, codename) ? item.elements[codename] : undefined;
      return element ? prunedElement(element, (c) => this.isVisible(lv, c, viewer)) : undefined;
    };
  }

  private select(lv: LanguageView, filters: readonly Filter[], order: Order | null, viewer: Viewer): SnapshotItem[] {
    const reader = this.readerFor(lv, viewer);
    const matched = this.candidates(lv, filters).filter((item) => matchesAll(item.data, filters, reader) && viewer.canSee(item.codes));
    if (!order || (order.source === 'system' && order.property === 'codename' && order.direction === 'asc')) return matched;
    const keyed = matched.map((item) => ({ item, key: sortKeyOf(item.data, order, reader), codename: item.codename }));
    keyed.sort((a, b) => compareSortEntries(a, b, order.direction));
    return keyed.map((k) => k.item);
  }

  /** Starts from the type index when a filter pins `system.type`. */
  private candidates(lv: LanguageView, filters: readonly Filter[]): readonly SnapshotItem[] {
    const typeFilter = filters.find((f) => f.source === 'system' && f.property === 'type' && (f.operator === 'eq' || f.operator === 'in'));
    if (!typeFilter) return lv.items;
    if (typeFilter.values.length === 1) return lv.byType.get(typeFilter.values[0] ?? '') ?? [];
    const types = new Set(typeFilter.values);
    return lv.items.filter((item) => types.has(item.type));
  }

  private resolverFor(lv: LanguageView, projection: Projection, viewer: Viewer): (codename: string) => DeliveryItem | undefined {
    return (codename) => {
      const target = lv.byCodename.get(codename);
      return target && viewer.canSee(target.codes) ? this.view(lv, target, projection, viewer) : undefined;
    };
  }

  private view(lv: LanguageView, item: SnapshotItem, projection: Projection, viewer: Viewer): DeliveryItem {
    return viewOf(item.data, projection, item.linksRestricted, (codename) => this.isVisible(lv, codename, viewer));
  }
}

/** The language with Kontent.ai's default-language id; else `default`; else the first listed. */
function defaultLanguageOf(languages: readonly DeliveryLanguage[]): string {
  const marked = languages.find((l) => l.system.id === DEFAULT_LANGUAGE_ID) ?? languages.find((l) => l.system.codename === 'default') ?? languages[0];
  return marked?.system.codename ?? 'default';
}

function projectionOf(query: ItemsQuery): Projection {
  return { include: query.elements, exclude: query.excludeElements };
}

function elementsParam(params: readonly QueryParam[]): Set<string> | null {
  const param = params.find((p) => p.key === 'elements');
  return param ? parseCodenameList('elements', param.value) : null;
}

function projectType(type: DeliveryType, elements: Set<string> | null): DeliveryType {
  if (!elements) return type;
  return { system: type.system, elements: Object.fromEntries(Object.entries(type.elements).filter(([codename]) => elements.has(codename))) };
}

function listing<T>(name: string, all: readonly T[], skip: number, limit: number | null, params: readonly QueryParam[], pageBase: string): Answer {
  const page = limit === null ? all.slice(skip) : all.slice(skip, skip + limit);
  const hasMore = limit !== null && skip + page.length < all.length;
  const pagination = { skip, limit: limit ?? 0, count: page.length, next_page: hasMore && limit !== null ? nextPageUrl(pageBase, params, skip + limit) : '' };
  return jsonAnswer({ [name]: page, pagination }, page.length, true);
}

function tooLarge(charge: number): DeliveryHttpError {
  return new DeliveryHttpError(
    400,
    ErrorCode.responseTooLarge,
    `The response would hold ${charge} items (main items plus modular content), over the limit of ${MAX_ITEMS_PER_RESPONSE}. Narrow the query with filters, limit, depth or elements.`,
  );
}

function compareCodenames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface FeedPosition {
  key: string | number | null;
  codename: string;
}

function encodeFeedToken(position: FeedPosition): string {
  return Buffer.from(JSON.stringify({ k: position.key, c: position.codename })).toString('base64url');
}

function decodeFeedToken(token: string): FeedPosition {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { k?: unknown; c?: unknown };
    const key = parsed.k;
    if (typeof parsed.c === 'string' && (key === null || typeof key === 'string' || typeof key === 'number')) return { key, codename: parsed.c };
  } catch {
    // fall through to the error below
  }
  throw badRequest('The X-Continuation token is not valid for items-feed.');
}
