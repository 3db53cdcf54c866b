/**
 * The query-string parameters of the Delivery API (docs/content-delivery-api.md §1), parsed from
 * the raw URL: the SDK leaves brackets literal, sends `elements.x[empty]` with no `=`, and encodes
 * only spaces, so `+` is taken literally.
 */
import { badRequest } from '../delivery-error.ts';

export const OPERATORS = ['eq', 'neq', 'empty', 'nempty', 'lt', 'lte', 'gt', 'gte', 'range', 'in', 'nin', 'contains', 'any', 'all'] as const;
export type Operator = (typeof OPERATORS)[number];

export const SYSTEM_PROPERTIES = ['id', 'collection', 'name', 'codename', 'language', 'type', 'last_modified', 'workflow', 'workflow_step'] as const;
export type SystemProperty = (typeof SYSTEM_PROPERTIES)[number];

export interface PropertyRef {
  source: 'system' | 'elements';
  property: string;
}

export interface Filter extends PropertyRef {
  operator: Operator;
  values: readonly string[];
  /** The parameter as sent, for messages. */
  parameter: string;
}

export interface Order extends PropertyRef {
  direction: 'asc' | 'desc';
}

export interface QueryParam {
  key: string;
  value: string | null;
  /** The undecoded `key=value`, kept to rebuild `next_page` exactly as the client asked. */
  raw: string;
}

const FILTER_KEY = /^(system|elements)\.([A-Za-z0-9_]+)(?:\[([a-z]+)\])?$/;
const ORDER_VALUE = /^(system|elements)\.([A-Za-z0-9_]+)(?:\[(asc|desc)\])?$/;
const MAX_LIST_VALUES = 500;
const LIST_OPERATORS: ReadonlySet<Operator> = new Set(['in', 'nin', 'contains', 'any', 'all', 'range']);

export function parseQueryString(search: string): QueryParam[] {
  const params: QueryParam[] = [];
  for (const raw of search.split('&')) {
    if (raw === '') continue;
    const equals = raw.indexOf('=');
    const key = decode(equals < 0 ? raw : raw.slice(0, equals));
    const value = equals < 0 ? null : decode(raw.slice(equals + 1));
    params.push({ key, value, raw });
  }
  return params;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest(`The query parameter "${text}" is not correctly URL-encoded.`);
  }
}

export function isFilterKey(key: string): boolean {
  return key.startsWith('system.') || key.startsWith('elements.');
}

export function parseFilter(param: QueryParam): Filter {
  const match = FILTER_KEY.exec(param.key);
  if (!match) throw badRequest(`The filter "${param.key}" is not valid; use system.<property>[operator] or elements.<codename>[operator].`);
  const source = match[1] as 'system' | 'elements';
  const property = match[2] ?? '';
  const operator = (match[3] ?? 'eq') as Operator;
  if (!OPERATORS.includes(operator)) {
    throw badRequest(`The filter operator "[${match[3]}]" in "${param.key}" is not supported; use one of ${OPERATORS.map((o) => `[${o}]`).join(', ')}.`);
  }
  if (source === 'system' && !(SYSTEM_PROPERTIES as readonly string[]).includes(property)) {
    throw badRequest(`"${property}" is not a system property that can be filtered; use one of ${SYSTEM_PROPERTIES.join(', ')}.`);
  }
  if (operator === 'empty' || operator === 'nempty') return { source, property, operator, values: [], parameter: param.key };
  if (param.value === null || param.value === '') throw badRequest(`The filter "${param.key}" needs a value.`);
  const values = LIST_OPERATORS.has(operator) ? param.value.split(',').filter((v) => v !== '') : [param.value];
  if (values.length === 0) throw badRequest(`The filter "${param.key}" needs at least one value.`);
  if (values.length > MAX_LIST_VALUES) throw badRequest(`The filter "${param.key}" lists more than ${MAX_LIST_VALUES} values.`);
  if (operator === 'range' && values.length !== 2) throw badRequest(`The filter "${param.key}" needs exactly two values: [range]=lower,upper.`);
  return { source, property, operator, values, parameter: param.key };
}

export function parseOrder(value: string | null): Order {
  const match = value === null ? null : ORDER_VALUE.exec(value);
  if (!match) throw badRequest(`The order "${value ?? ''}" is not valid; use order=system.<property>[asc|desc] or order=elements.<codename>[asc|desc].`);
  const source = match[1] as 'system' | 'elements';
  const property = match[2] ?? '';
  if (source === 'system' && !(SYSTEM_PROPERTIES as readonly string[]).includes(property)) {
    throw badRequest(`"${property}" is not a system property that can be ordered by.`);
  }
  return { source, property, direction: (match[3] ?? 'asc') as 'asc' | 'desc' };
}

export function parseNonNegativeInteger(name: string, value: string | null, max = 2_147_483_647): number {
  if (value === null || !/^\d{1,10}$/.test(value) || Number(value) > max) {
    throw badRequest(`The parameter "${name}" must be a whole number from 0 to ${max}; got "${value ?? ''}".`);
  }
  return Number(value);
}

export function parseBoolean(name: string, value: string | null): boolean {
  if (value === null || value === '' || value.toLowerCase() === 'true') return true;
  if (value.toLowerCase() === 'false') return false;
  throw badRequest(`The parameter "${name}" must be true or false; got "${value}".`);
}

export function parseCodenameList(name: string, value: string | null): Set<string> {
  const list = (value ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '');
  for (const codename of list) {
    if (!/^[A-Za-z0-9_]{1,100}$/.test(codename)) throw badRequest(`"${codename}" in the parameter "${name}" is not a codename.`);
  }
  return new Set(list);
}

/** The item-listing parameters of `/items`, `/items/{codename}` and `/items-feed`. */
export interface ItemsQuery {
  filters: Filter[];
  order: Order | null;
  skip: number;
  limit: number | null;
  includeTotalCount: boolean;
  depth: number;
  language: string | null;
  elements: Set<string> | null;
  excludeElements: Set<string> | null;
}

/** Depth beyond this reaches nothing new in any realistic environment; the 2,000-item cap bounds the answer anyway. */
const MAX_DEPTH = 100;

export function parseItemsQuery(params: readonly QueryParam[], accepts: { filters: boolean; paging: boolean; order: boolean; depth: boolean }): ItemsQuery {
  const query: ItemsQuery = {
    filters: [],
    order: null,
    skip: 0,
    limit: null,
    includeTotalCount: false,
    depth: 1,
    language: null,
    elements: null,
    excludeElements: null,
  };
  const seen = new Set<string>();
  for (const param of params) {
    if (isFilterKey(param.key)) {
      if (accepts.filters) query.filters.push(parseFilter(param));
      continue;
    }
    if (seen.has(param.key) && CONTROL_KEYS.has(param.key)) throw badRequest(`The parameter "${param.key}" is given more than once.`);
    seen.add(param.key);
    switch (param.key) {
      case 'language':
        if (!param.value || !/^[A-Za-z0-9_-]{1,60}$/.test(param.value)) throw badRequest(`The parameter "language" must be a language codename; got "${param.value ?? ''}".`);
        query.language = param.value;
        break;
      case 'elements':
        query.elements = parseCodenameList('elements', param.value);
        break;
      case 'excludeElements':
        query.excludeElements = parseCodenameList('excludeElements', param.value);
        break;
      case 'order':
        if (accepts.order) query.order = parseOrder(param.value);
        break;
      case 'depth':
        if (accepts.depth) query.depth = Math.min(parseNonNegativeInteger('depth', param.value), MAX_DEPTH);
        break;
      case 'skip':
        if (accepts.paging) query.skip = parseNonNegativeInteger('skip', param.value);
        break;
      case 'limit':
        if (accepts.paging) query.limit = parseNonNegativeInteger('limit', param.value) || null;
        break;
      case 'includeTotalCount':
        if (accepts.paging) query.includeTotalCount = parseBoolean('includeTotalCount', param.value);
        break;
      default:
        // Unknown parameters (cache busters and the like) are ignored, as the Delivery API does.
        break;
    }
  }
  return query;
}

const CONTROL_KEYS: ReadonlySet<string> = new Set(['language', 'elements', 'excludeElements', 'order', 'depth', 'skip', 'limit', 'includeTotalCount']);

/** `skip` and `limit` of the type, taxonomy and language listings. */
export function parsePaging(params: readonly QueryParam[]): { skip: number; limit: number | null } {
  let skip = 0;
  let limit: number | null = null;
  for (const param of params) {
    if (param.key === 'skip') skip = parseNonNegativeInteger('skip', param.value);
    if (param.key === 'limit') limit = parseNonNegativeInteger('limit', param.value) || null;
  }
  return { skip, limit };
}

/** The absolute URL of the next page: the request's own parameters with `skip` moved on. */
export function nextPageUrl(base: string, params: readonly QueryParam[], nextSkip: number): string {
  const kept = params.filter((p) => p.key !== 'skip').map((p) => p.raw);
  kept.push(`skip=${nextSkip}`);
  return `${base}?${kept.join('&')}`;
}
