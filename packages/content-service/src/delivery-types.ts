/**
 * The Delivery API objects this service stores and answers (docs/content-delivery-api.md §2).
 * Index signatures keep fields an upstream environment sends that we do not model.
 */

export interface DeliveryItemSystem {
  id: string;
  name: string;
  codename: string;
  language: string;
  type: string;
  collection: string;
  sitemap_locations: string[];
  last_modified: string;
  workflow?: string;
  workflow_step?: string;
  [extra: string]: unknown;
}

export interface DeliveryElement {
  type: string;
  name: string;
  value: unknown;
  [extra: string]: unknown;
}

export interface DeliveryItem {
  system: DeliveryItemSystem;
  elements: Record<string, DeliveryElement>;
}

export interface DeliveryOption {
  name: string;
  codename: string;
}

export interface DeliveryAssetValue {
  name: string;
  description: string | null;
  type: string;
  size: number;
  url: string;
  width: number | null;
  height: number | null;
  renditions: Record<string, unknown>;
}

export interface DeliveryTypeElement {
  type: string;
  name: string;
  options?: DeliveryOption[];
  taxonomy_group?: string;
  [extra: string]: unknown;
}

export interface DeliveryType {
  system: { id: string; name: string; codename: string; last_modified: string; [extra: string]: unknown };
  elements: Record<string, DeliveryTypeElement>;
}

export interface DeliveryTaxonomyTerm {
  name: string;
  codename: string;
  terms: DeliveryTaxonomyTerm[];
}

export interface DeliveryTaxonomy {
  system: { id: string; name: string; codename: string; last_modified: string; [extra: string]: unknown };
  terms: DeliveryTaxonomyTerm[];
}

export interface DeliveryLanguage {
  system: { id: string; name: string; codename: string; [extra: string]: unknown };
}

export interface DeliveryPagination {
  skip: number;
  limit: number;
  count: number;
  next_page: string;
  total_count?: number;
}

export interface DeliverySyncEntry {
  change_type: 'changed_item' | 'deleted_item';
  timestamp: string;
  data: DeliveryItem;
}

/** The element that restricts an item to holders of the listed portal access codes. */
export const ACCESS_CODES_ELEMENT = 'access_codes';

/** The access codes an item carries, or null when it is public (no `access_codes` element). */
export function accessCodesOf(item: DeliveryItem): readonly string[] | null {
  const element = item.elements[ACCESS_CODES_ELEMENT];
  if (!element) return null;
  const value = element.value;
  if (!Array.isArray(value)) return [];
  const codes: string[] = [];
  for (const entry of value) {
    if (typeof entry === 'string') codes.push(entry);
    else if (entry && typeof entry === 'object' && typeof (entry as { codename?: unknown }).codename === 'string') {
      codes.push((entry as { codename: string }).codename);
    }
  }
  return codes;
}
