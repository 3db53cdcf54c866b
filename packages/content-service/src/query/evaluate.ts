/**
 * Filter and order semantics (docs/content-delivery-api.md §1, "Filters"). Values are compared as
 * the Delivery API does: numbers numerically, everything else (dates included) as strings. A missing
 * element behaves like a null value: `[neq]`, `[nin]` and `[empty]` match it, nothing else does.
 * Array operators (`[contains]`, `[any]`, `[all]`) work on arrays only; `=` and `[neq]` on an array
 * test membership; `[in]`/`[nin]` on an array test overlap.
 */
import type { DeliveryElement, DeliveryItem } from '../delivery-types.ts';
import type { Filter, Order, PropertyRef } from './query-params.ts';

/** Reads an element of an item as the caller may see it (linked items it may not see removed). */
export type ElementReader = (item: DeliveryItem, codename: string) => DeliveryElement | undefined;

export const plainElementReader: ElementReader = (item, codename) => item.elements[codename];

type Scalar = string | number | null;
type Comparable = { kind: 'scalar'; value: Scalar } | { kind: 'array'; value: string[] };

const EMPTY_RICH_TEXT = '<p><br></p>';

function comparableOf(item: DeliveryItem, ref: PropertyRef, read: ElementReader): Comparable {
  if (ref.source === 'system') {
    const value = item.system[ref.property];
    return { kind: 'scalar', value: typeof value === 'string' || typeof value === 'number' ? value : null };
  }
  const element = read(item, ref.property);
  if (!element) return { kind: 'scalar', value: null };
  const value = element.value;
  if (Array.isArray(value)) {
    return {
      kind: 'array',
      value: value.map((entry: unknown) => {
        if (typeof entry === 'string') return entry;
        const record = entry as { codename?: unknown; name?: unknown } | null;
        if (record && typeof record.codename === 'string') return record.codename;
        if (record && typeof record.name === 'string') return record.name;
        return JSON.stringify(entry);
      }),
    };
  }
  if (typeof value === 'number' || typeof value === 'string') {
    // A custom element holding a JSON array is filtered like an array (docs/content-delivery-api.md §1).
    if (element.type === 'custom' && typeof value === 'string' && value.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed)) return { kind: 'array', value: parsed.map((v) => String(v)) };
      } catch {
        // not JSON: a plain string
      }
    }
    return { kind: 'scalar', value };
  }
  return { kind: 'scalar', value: null };
}

function compareScalar(value: string | number, target: string): number | null {
  if (typeof value === 'number') {
    const number = Number(target);
    if (target.trim() === '' || !Number.isFinite(number)) return null;
    return value - number;
  }
  return value < target ? -1 : value > target ? 1 : 0;
}

function isEmpty(c: Comparable): boolean {
  if (c.kind === 'array') return c.value.length === 0;
  return c.value === null || c.value === '' || c.value === EMPTY_RICH_TEXT;
}

export function matchesFilter(item: DeliveryItem, filter: Filter, read: ElementReader): boolean {
  const c = comparableOf(item, filter, read);
  const targets = filter.values;
  const first = targets[0] ?? '';
  switch (filter.operator) {
    case 'empty':
      return isEmpty(c);
    case 'nempty':
      return !isEmpty(c);
    case 'eq':
      return equals(c, first);
    case 'neq':
      return !equals(c, first);
    case 'in':
      return targets.some((t) => equals(c, t));
    case 'nin':
      return !targets.some((t) => equals(c, t));
    case 'contains':
    case 'all':
      return c.kind === 'array' && targets.every((t) => c.value.includes(t));
    case 'any':
      return c.kind === 'array' && targets.some((t) => c.value.includes(t));
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      if (c.kind !== 'scalar' || c.value === null) return false;
      const d = compareScalar(c.value, first);
      if (d === null) return false;
      return filter.operator === 'lt' ? d < 0 : filter.operator === 'lte' ? d <= 0 : filter.operator === 'gt' ? d > 0 : d >= 0;
    }
    case 'range': {
      if (c.kind !== 'scalar' || c.value === null) return false;
      const low = compareScalar(c.value, first);
      const high = compareScalar(c.value, targets[1] ?? '');
      return low !== null && high !== null && low >= 0 && high <= 0;
    }
  }
}

function equals(c: Comparable, target: string): boolean {
  if (c.kind === 'array') return c.value.includes(target);
  return c.value !== null && compareScalar(c.value, target) === 0;
}

export function matchesAll(item: DeliveryItem, filters: readonly Filter[], read: ElementReader): boolean {
  for (const filter of filters) if (!matchesFilter(item, filter, read)) return false;
  return true;
}

/** The value an item sorts by: a number, a string, or null (sorted last either way). */
export function sortKeyOf(item: DeliveryItem, order: Order, read: ElementReader): string | number | null {
  const c = comparableOf(item, order, read);
  if (c.kind === 'array') return c.value[0] ?? null;
  return c.value;
}

/** Orders (key, codename) pairs: by key in the requested direction, nulls last, then by codename. */
export function compareSortEntries(
  a: { key: string | number | null; codename: string },
  b: { key: string | number | null; codename: string },
  direction: 'asc' | 'desc',
): number {
  if (a.key !== b.key) {
    if (a.key === null) return 1;
    if (b.key === null) return -1;
    let d: number;
    if (typeof a.key === 'number' && typeof b.key === 'number') d = a.key - b.key;
    else {
      const x = String(a.key);
      const y = String(b.key);
      d = x < y ? -1 : x > y ? 1 : 0;
    }
    if (d !== 0) return direction === 'asc' ? d : -d;
  }
  return a.codename < b.codename ? -1 : a.codename > b.codename ? 1 : 0;
}
