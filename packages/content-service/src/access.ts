/**
 * Access control: an item whose access codes do not meet the caller's codes does not exist for that
 * caller — not listed, not linked, not countable. `Viewer` also records whether an answer looked at
 * any restricted item, which decides whether the answer may be shared by every caller.
 */
import type { DeliveryElement, DeliveryItem } from './delivery-types.ts';

export class Viewer {
  private restrictedSeen = false;

  constructor(readonly codes: ReadonlySet<string>) {}

  /** Whether the caller may see an item carrying `codes` (null = public). */
  canSee(codes: readonly string[] | null): boolean {
    if (codes === null) return true;
    this.restrictedSeen = true;
    for (const code of codes) if (this.codes.has(code)) return true;
    return false;
  }

  /** True once a restricted item took part in the answer: it then differs between callers. */
  get dependsOnAccess(): boolean {
    return this.restrictedSeen;
  }
}

/** The key under which callers with the same relevant codes share cached answers. */
export function accessKeyOf(codes: Iterable<string>, relevant: ReadonlySet<string>): string {
  const kept = [...new Set(codes)].filter((c) => relevant.has(c)).sort();
  return kept.join(',');
}

/** Element types whose values name other items. */
export function linkedCodenamesOf(element: DeliveryElement): readonly string[] {
  if (element.type === 'modular_content' && Array.isArray(element.value)) return element.value as string[];
  if (element.type === 'rich_text' && Array.isArray(element.modular_content)) return element.modular_content as string[];
  return [];
}

export interface Projection {
  include: ReadonlySet<string> | null;
  exclude: ReadonlySet<string> | null;
}

export const NO_PROJECTION: Projection = { include: null, exclude: null };

export function isProjected(projection: Projection): boolean {
  return projection.include !== null || projection.exclude !== null;
}

function keeps(projection: Projection, codename: string): boolean {
  if (projection.include && !projection.include.has(codename)) return false;
  if (projection.exclude?.has(codename)) return false;
  return true;
}

/**
 * The item as the caller sees it: projected to the requested elements, with linked items it may not
 * see removed from linked-item values and from rich-text `modular_content`. Returns the stored object
 * itself when nothing changes, so unchanged items cost no copy.
 */
export function viewOf(
  item: DeliveryItem,
  projection: Projection,
  mayPrune: boolean,
  isVisible: (codename: string) => boolean,
): DeliveryItem {
  if (!mayPrune && !isProjected(projection)) return item;
  const entries: [string, DeliveryElement][] = [];
  let changed = false;
  for (const [codename, element] of Object.entries(item.elements)) {
    if (!keeps(projection, codename)) {
      changed = true;
      continue;
    }
    const kept = mayPrune ? prunedElement(element, isVisible) : element;
    if (kept !== element) changed = true;
    entries.push([codename, kept]);
  }
  // fromEntries defines own properties, so no codename can reach an object's prototype.
  return changed ? { system: item.system, elements: Object.fromEntries(entries) } : item;
}

export function prunedElement(element: DeliveryElement, isVisible: (codename: string) => boolean): DeliveryElement {
  const linked = linkedCodenamesOf(element);
  if (linked.length === 0) return element;
  const kept = linked.filter(isVisible);
  if (kept.length === linked.length) return element;
  if (element.type === 'modular_content') return { ...element, value: kept };
  // Rich text: drop the hidden items' objects from the HTML too, so their codenames do not leak.
  const hidden = linked.filter((c) => !kept.includes(c));
  let html = typeof element.value === 'string' ? element.value : '';
  for (const codename of hidden) {
    const escaped = codename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    html = html.replace(new RegExp(`<object\\b[^>]*data-codename="${escaped}"[^>]*>\\s*</object>`, 'g'), '');
  }
  return { ...element, value: html, modular_content: kept };
}

/**
 * `modular_content`: the items linked from `roots`, level by level up to `depth`. `resolve` answers
 * a linked codename with the item as the caller sees it, or undefined when it is missing or hidden.
 * Stops early once more than `budget` items are found (the answer is then over the size cap).
 */
export function collectLinked(
  roots: readonly DeliveryItem[],
  depth: number,
  resolve: (codename: string) => DeliveryItem | undefined,
  budget: number,
): Map<string, DeliveryItem> {
  const found = new Map<string, DeliveryItem>();
  const missing = new Set<string>();
  let frontier = roots;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const next: DeliveryItem[] = [];
    for (const item of frontier) {
      for (const element of Object.values(item.elements)) {
        for (const codename of linkedCodenamesOf(element)) {
          if (found.has(codename) || missing.has(codename)) continue;
          const linked = resolve(codename);
          if (!linked) {
            missing.add(codename);
            continue;
          }
          found.set(codename, linked);
          next.push(linked);
          if (found.size > budget) return found;
        }
      }
    }
    frontier = next;
  }
  return found;
}
