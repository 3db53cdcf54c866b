/**
 * Reads a content bundle from disk and checks all of it, turning every item into its Delivery API
 * shape. Nothing here touches the database; the import writes only a bundle with no issues.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type {
  DeliveryAssetValue,
  DeliveryElement,
  DeliveryItem,
  DeliveryLanguage,
  DeliveryOption,
  DeliveryTaxonomy,
  DeliveryTaxonomyTerm,
  DeliveryType,
  DeliveryTypeElement,
} from '../delivery-types.ts';
import { ACCESS_CODES_ELEMENT } from '../delivery-types.ts';
import {
  type AuthoredEnvironment,
  type AuthoredTerm,
  type AuthoredType,
  type ElementDefinition,
  describeZodError,
  environmentFileSchema,
  itemSchema,
  typesFileSchema,
  variantSchema,
} from './authoring-schema.ts';
import { sanitizeRichText } from '../rich-text/sanitize.ts';
import { canonicalJson, sha256Hex } from './canonical-hash.ts';
import { imageSizeOf, mimeTypeOf } from './media.ts';
import { stableUuid } from './stable-id.ts';

export interface BundleIssue {
  /** Path relative to the content root, e.g. `nbc/items/agenda.json`. */
  file: string;
  item?: string;
  element?: string;
  message: string;
}

export function formatIssue(issue: BundleIssue): string {
  const where = [issue.item, issue.element].filter(Boolean).join('.');
  return `${issue.file}${where ? `: ${where}` : ''}: ${issue.message}`;
}

export class BundleValidationError extends Error {
  constructor(readonly issues: readonly BundleIssue[]) {
    const shown = issues.slice(0, 20).map((issue) => `  - ${formatIssue(issue)}`);
    const more = issues.length > shown.length ? [`  … and ${issues.length - shown.length} more`] : [];
    super([`The content bundle has ${issues.length} problem(s); nothing was imported:`, ...shown, ...more].join('\n'));
    this.name = 'BundleValidationError';
  }
}

export interface PreparedAsset {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  etag: string;
}

export interface PreparedItem {
  codename: string;
  /** The language of this variant (`system.language`). */
  language: string;
  type: string;
  /** `system.last_modified` is left empty here; the import sets it. */
  data: DeliveryItem;
  accessCodes: string[] | null;
  /** Hash of everything but `last_modified`, so a re-import notices only real changes. */
  hash: string;
}

export interface PreparedEnvironment {
  id: string;
  codename: string;
  name: string;
  folder: string;
  languages: DeliveryLanguage[];
  /** Types and taxonomies carry an empty `last_modified`, set by the import. */
  types: DeliveryType[];
  taxonomies: DeliveryTaxonomy[];
  assets: PreparedAsset[];
  items: PreparedItem[];
}

export interface ReadBundleOptions {
  /** Only these environment folders (default: every folder holding an environment.json). */
  environments?: readonly string[];
}

/** Largest asset file accepted: assets live in the database and are served from memory. */
export const MAX_ASSET_BYTES = 20 * 1024 * 1024;
const ASSET_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** Kontent.ai's id of an environment's default language. */
export const DEFAULT_LANGUAGE_ID = '00000000-0000-0000-0000-000000000000';
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export async function readBundle(
  contentRoot: string,
  options: ReadBundleOptions = {},
): Promise<{ environments: PreparedEnvironment[]; issues: BundleIssue[] }> {
  const issues: BundleIssue[] = [];
  const typesFile = await readJsonFile(contentRoot, 'types.json', issues);
  const types = typesFile === undefined ? undefined : parseWith(typesFileSchema, typesFile, 'types.json', issues);

  const folders = await environmentFolders(contentRoot, options, issues);
  const environments: PreparedEnvironment[] = [];
  const ids = new Map<string, string>();
  for (const folder of folders) {
    const environment = await readEnvironment(contentRoot, folder, types, issues);
    if (!environment) continue;
    const other = ids.get(environment.id);
    if (other) issues.push({ file: `${folder}/environment.json`, message: `environment id ${environment.id} is also used by ${other}` });
    ids.set(environment.id, folder);
    environments.push(environment);
  }
  return { environments, issues };
}

/**
 * An authored item or language variant checked against `schema`; undefined, with its problems in
 * `issues` under its codename (or its place in the file when it has none), when it does not fit.
 */
function parseAuthored<T extends z.ZodType>(schema: T, raw: unknown, index: number, file: string, issues: BundleIssue[]): z.infer<T> | undefined {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const codename = (raw as { codename?: unknown } | null)?.codename;
  const label = typeof codename === 'string' ? codename : `#${index}`;
  for (const message of describeZodError(parsed.error)) issues.push({ file, item: label, message });
  return undefined;
}

async function environmentFolders(root: string, options: ReadBundleOptions, issues: BundleIssue[]): Promise<string[]> {
  let entries: string[];
  try {
    entries = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    issues.push({ file: '.', message: `content root ${root} cannot be read` });
    return [];
  }
  const folders: string[] = [];
  for (const name of entries) {
    const hasEnvironment = await exists(join(root, name, 'environment.json'));
    if (hasEnvironment) folders.push(name);
    else if ((await exists(join(root, name, 'items'))) || options.environments?.includes(name)) {
      issues.push({ file: `${name}/environment.json`, message: 'missing: every environment folder needs an environment.json' });
    }
  }
  if (options.environments) {
    for (const wanted of options.environments) {
      if (!entries.includes(wanted)) issues.push({ file: wanted, message: 'environment folder not found' });
    }
    return folders.filter((f) => options.environments?.includes(f));
  }
  if (folders.length === 0) issues.push({ file: '.', message: 'no environment folder (a folder with an environment.json) found' });
  return folders;
}

async function readEnvironment(
  root: string,
  folder: string,
  types: AuthoredType[] | undefined,
  issues: BundleIssue[],
): Promise<PreparedEnvironment | undefined> {
  const envFile = `${folder}/environment.json`;
  const rawEnvironment = await readJsonFile(root, envFile, issues);
  const environment = rawEnvironment === undefined ? undefined : parseWith(environmentFileSchema, rawEnvironment, envFile, issues);
  if (environment && environment.codename !== folder) {
    issues.push({ file: envFile, message: `codename "${environment.codename}" must equal the folder name "${folder}"` });
  }
  const assets = await readAssets(root, folder, issues);
  const authoredItems = await readItemFiles(root, folder, issues);
  if (!environment || !types) return undefined;

  const taxonomies = (environment.taxonomies ?? []).map((group) => toDeliveryTaxonomy(environment.id, group));
  const taxonomyTerms = new Map(taxonomies.map((t) => [t.system.codename, flattenTerms(t.terms)]));
  const deliveryTypes = types.map((type) => toDeliveryType(environment.id, type));
  for (const type of types) {
    for (const [codename, element] of Object.entries(type.elements)) {
      if (element.taxonomy_group && !taxonomyTerms.has(element.taxonomy_group)) {
        issues.push({ file: envFile, message: `type ${type.codename}.${codename} uses taxonomy group ${element.taxonomy_group}, which this environment does not define` });
      }
    }
  }

  const context: ItemContext = {
    environmentId: environment.id,
    folder,
    assets: new Map(assets.map((a) => [a.fileName, a])),
    taxonomyTerms,
    issues,
  };
  const typesByCodename = new Map(types.map((t) => [t.codename, t]));
  const defaultLanguage = environment.languages[0]!.codename;
  const authoredByCodename = new Map<string, { type: AuthoredType; name: string; elements: Record<string, unknown> }>();
  const seen = new Map<string, string>();
  const links: { file: string; item: string; element: string; codenames: string[] }[] = [];
  const items: PreparedItem[] = [];
  for (const { file, item: raw, index } of authoredItems) {
    const authored = parseAuthored(itemSchema, raw, index, file, issues);
    if (!authored) continue;
    const previous = seen.get(authored.codename);
    if (previous) issues.push({ file, item: authored.codename, message: `duplicate codename (also in ${previous})` });
    seen.set(authored.codename, file);
    const type = typesByCodename.get(authored.type);
    if (!type) {
      issues.push({ file, item: authored.codename, message: `unknown type ${authored.type}` });
      continue;
    }
    authoredByCodename.set(authored.codename, { type, name: authored.name, elements: authored.elements });
    const prepared = prepareItem(authored.codename, defaultLanguage, authored.name, type, authored.elements, file, context, links);
    if (prepared) items.push(prepared);
  }
  const languageCodes = environment.languages.map((l) => l.codename);
  for (const stray of await variantFolders(root, folder)) {
    if (!languageCodes.includes(stray) || stray === defaultLanguage) {
      issues.push({ file: `${folder}/variants/${stray}`, message: `not a language of this environment other than the default (${languageCodes.slice(1).join(', ') || 'none'})` });
    }
  }
  for (const language of languageCodes.slice(1)) {
    const variantSeen = new Set<string>();
    for (const { file, item: raw, index } of await readItemFiles(root, folder, issues, `variants/${language}`)) {
      const variant = parseAuthored(variantSchema, raw, index, file, issues);
      if (!variant) continue;
      if (variantSeen.has(variant.codename)) issues.push({ file, item: variant.codename, message: `duplicate ${language} variant` });
      variantSeen.add(variant.codename);
      const base = authoredByCodename.get(variant.codename);
      if (!base) {
        issues.push({ file, item: variant.codename, message: `no item ${variant.codename} in the default language (${defaultLanguage})` });
        continue;
      }
      // Elements not written in this language keep the default language's value.
      const prepared = prepareItem(variant.codename, language, variant.name ?? base.name, base.type, { ...base.elements, ...variant.elements }, file, context, links);
      if (prepared) items.push(prepared);
    }
  }
  for (const link of links) {
    for (const codename of link.codenames) {
      if (!seen.has(codename)) issues.push({ file: link.file, item: link.item, element: link.element, message: `linked item ${codename} does not exist` });
    }
  }

  return {
    id: environment.id,
    codename: environment.codename,
    name: environment.name,
    folder,
    languages: environment.languages.map((l, index) => ({
      system: { id: index === 0 ? DEFAULT_LANGUAGE_ID : stableUuid(environment.id, `language/${l.codename}`), name: l.name, codename: l.codename },
    })),
    types: deliveryTypes,
    taxonomies,
    assets,
    items: items.sort((a, b) => compareText(a.codename, b.codename) || compareText(a.language, b.language)),
  };
}

interface ItemContext {
  environmentId: string;
  folder: string;
  assets: Map<string, PreparedAsset>;
  taxonomyTerms: Map<string, Map<string, string>>;
  issues: BundleIssue[];
}

function prepareItem(
  codename: string,
  language: string,
  name: string,
  type: AuthoredType,
  values: Record<string, unknown>,
  file: string,
  context: ItemContext,
  links: { file: string; item: string; element: string; codenames: string[] }[],
): PreparedItem | undefined {
  const { issues } = context;
  let valid = true;
  const elements: Record<string, DeliveryElement> = {};
  for (const [elementCodename, definition] of Object.entries(type.elements)) {
    if (!Object.hasOwn(values, elementCodename)) {
      issues.push({ file, item: codename, element: elementCodename, message: `missing (type ${type.codename} requires it)` });
      valid = false;
      continue;
    }
    const report = (message: string): void => {
      issues.push({ file, item: codename, element: elementCodename, message });
      valid = false;
    };
    const element = toDeliveryElement(definition, values[elementCodename], context, report);
    if (!element) continue;
    if (definition.type === 'modular_content') {
      links.push({ file, item: codename, element: elementCodename, codenames: element.value as string[] });
    }
    elements[elementCodename] = element;
  }
  for (const extra of Object.keys(values)) {
    if (!Object.hasOwn(type.elements, extra)) {
      issues.push({ file, item: codename, element: extra, message: `not an element of type ${type.codename}` });
      valid = false;
    }
  }
  if (!valid) return undefined;

  const data: DeliveryItem = {
    system: {
      id: stableUuid(context.environmentId, codename),
      name,
      codename,
      language,
      type: type.codename,
      collection: 'default',
      sitemap_locations: [],
      last_modified: '',
      workflow: 'default',
      workflow_step: 'published',
    },
    elements,
  };
  const accessElement = elements[ACCESS_CODES_ELEMENT];
  const accessCodes = accessElement ? (accessElement.value as DeliveryOption[]).map((o) => o.codename) : null;
  return { codename, language, type: type.codename, data, accessCodes, hash: itemHash(data, accessCodes) };
}

export function itemHash(data: DeliveryItem, accessCodes: readonly string[] | null): string {
  return sha256Hex(canonicalJson({ system: { ...data.system, last_modified: undefined }, elements: data.elements, accessCodes }));
}

function toDeliveryElement(
  definition: ElementDefinition,
  raw: unknown,
  context: ItemContext,
  report: (message: string) => void,
): DeliveryElement | undefined {
  const base = { type: definition.type, name: definition.name };
  switch (definition.type) {
    case 'text':
    case 'url_slug':
      if (typeof raw !== 'string') return void report(`expected a string, got ${describe(raw)}`);
      return { ...base, value: raw };
    case 'custom':
      if (typeof raw !== 'string' && raw !== null) return void report(`expected a string or null, got ${describe(raw)}`);
      return { ...base, value: raw };
    case 'rich_text': {
      const html = Array.isArray(raw) && raw.every((s) => typeof s === 'string') ? raw.join('\n') : raw;
      if (typeof html !== 'string') return void report(`expected an HTML string or an array of strings, got ${describe(raw)}`);
      // Stored sanitized (decision 009): the hash, the change log and every answer carry the safe HTML.
      return { ...base, images: {}, links: {}, modular_content: [], value: sanitizeRichText(html) };
    }
    case 'number':
      if (raw !== null && (typeof raw !== 'number' || !Number.isFinite(raw))) return void report(`expected a number or null, got ${describe(raw)}`);
      return { ...base, value: raw };
    case 'date_time': {
      if (raw === null) return { ...base, value: null, display_timezone: null };
      if (typeof raw !== 'string' || !ISO_DATE_TIME.test(raw) || Number.isNaN(Date.parse(raw))) {
        return void report(`expected an ISO 8601 date (2027-03-01T09:00:00Z), got ${describe(raw)}`);
      }
      return { ...base, value: new Date(raw).toISOString().replace('.000Z', 'Z'), display_timezone: null };
    }
    case 'multiple_choice': {
      const options = new Map((definition.options ?? []).map((o) => [o.codename, o.name]));
      const chosen = codenameList(raw, report, 'option codenames');
      if (!chosen) return undefined;
      const unknown = chosen.filter((c) => !options.has(c));
      if (unknown.length > 0) return void report(`unknown option ${unknown.join(', ')} (options: ${[...options.keys()].join(', ')})`);
      // The Delivery API lists selected options in the type's order.
      const value = [...options].filter(([c]) => chosen.includes(c)).map(([c, n]) => ({ name: n, codename: c }));
      return { ...base, value };
    }
    case 'taxonomy': {
      const group = definition.taxonomy_group ?? '';
      const terms = context.taxonomyTerms.get(group);
      const chosen = codenameList(raw, report, 'taxonomy term codenames');
      if (!chosen || !terms) return undefined;
      const unknown = chosen.filter((c) => !terms.has(c));
      if (unknown.length > 0) return void report(`unknown term ${unknown.join(', ')} of taxonomy group ${group}`);
      return { ...base, taxonomy_group: group, value: chosen.map((c) => ({ name: terms.get(c) ?? c, codename: c })) };
    }
    case 'modular_content': {
      const codenames = codenameList(raw, report, 'item codenames');
      return codenames ? { ...base, value: codenames } : undefined;
    }
    case 'asset': {
      if (!Array.isArray(raw)) return void report(`expected an array of { "file", "description" }, got ${describe(raw)}`);
      const value: DeliveryAssetValue[] = [];
      for (const entry of raw as unknown[]) {
        const reference = entry as { file?: unknown; description?: unknown } | null;
        const keys = reference && typeof reference === 'object' ? Object.keys(reference) : [];
        if (
          !reference ||
          typeof reference !== 'object' ||
          typeof reference.file !== 'string' ||
          (reference.description !== undefined && reference.description !== null && typeof reference.description !== 'string') ||
          keys.some((k) => k !== 'file' && k !== 'description')
        ) {
          report(`each asset must be { "file": string, "description": string }, got ${describe(entry)}`);
          continue;
        }
        const asset = context.assets.get(reference.file);
        if (!asset) {
          report(`asset file ${reference.file} not found in ${context.folder}/assets`);
          continue;
        }
        const size = imageSizeOf(asset.bytes, asset.mimeType);
        value.push({
          name: asset.fileName,
          description: typeof reference.description === 'string' ? reference.description : null,
          type: asset.mimeType,
          size: asset.bytes.length,
          url: `/content-assets/${context.environmentId}/${encodeURIComponent(asset.fileName)}`,
          width: size?.width ?? null,
          height: size?.height ?? null,
          renditions: {},
        });
      }
      return value.length === raw.length ? { ...base, value } : undefined;
    }
  }
}

function codenameList(raw: unknown, report: (message: string) => void, what: string): string[] | undefined {
  if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string')) return void report(`expected an array of ${what}, got ${describe(raw)}`);
  const values = raw as string[];
  const repeated = values.filter((v, i) => values.indexOf(v) !== i);
  if (repeated.length > 0) return void report(`repeated ${[...new Set(repeated)].join(', ')}`);
  return values;
}

function toDeliveryType(environmentId: string, type: AuthoredType): DeliveryType {
  const elements: Record<string, DeliveryTypeElement> = {};
  for (const [codename, element] of Object.entries(type.elements)) {
    elements[codename] = {
      type: element.type,
      name: element.name,
      ...(element.options ? { options: element.options.map((o) => ({ name: o.name, codename: o.codename })) } : {}),
      ...(element.taxonomy_group ? { taxonomy_group: element.taxonomy_group } : {}),
    };
  }
  return { system: { id: stableUuid(environmentId, `type/${type.codename}`), name: type.name, codename: type.codename, last_modified: '' }, elements };
}

function toDeliveryTaxonomy(environmentId: string, group: NonNullable<AuthoredEnvironment['taxonomies']>[number]): DeliveryTaxonomy {
  const convert = (terms: AuthoredTerm[]): DeliveryTaxonomyTerm[] =>
    terms.map((t) => ({ name: t.name, codename: t.codename, terms: convert(t.terms ?? []) }));
  return {
    system: { id: stableUuid(environmentId, `taxonomy/${group.codename}`), name: group.name, codename: group.codename, last_modified: '' },
    terms: convert(group.terms),
  };
}

function flattenTerms(terms: DeliveryTaxonomyTerm[], into = new Map<string, string>()): Map<string, string> {
  for (const term of terms) {
    into.set(term.codename, term.name);
    flattenTerms(term.terms, into);
  }
  return into;
}

async function readAssets(root: string, folder: string, issues: BundleIssue[]): Promise<PreparedAsset[]> {
  const directory = join(root, folder, 'assets');
  if (!(await exists(directory))) return [];
  const assets: PreparedAsset[] = [];
  for (const entry of (await readdir(directory, { withFileTypes: true })).sort((a, b) => compareText(a.name, b.name))) {
    if (entry.name.startsWith('.')) continue;
    const file = `${folder}/assets/${entry.name}`;
    if (!entry.isFile()) {
      issues.push({ file, message: 'only plain files belong in assets/' });
      continue;
    }
    if (!ASSET_FILE_NAME.test(entry.name)) {
      issues.push({ file, message: 'asset file names may hold only letters, digits, ".", "_" and "-"' });
      continue;
    }
    const { size } = await stat(join(directory, entry.name));
    if (size > MAX_ASSET_BYTES) {
      issues.push({ file, message: `${size} bytes, over the ${MAX_ASSET_BYTES}-byte limit for assets` });
      continue;
    }
    const bytes = await readFile(join(directory, entry.name));
    assets.push({ fileName: entry.name, mimeType: mimeTypeOf(entry.name), bytes, etag: `"${sha256Hex(bytes).slice(0, 32)}"` });
  }
  return assets;
}

/** The folders under `<environment>/variants/`, one per language. */
async function variantFolders(root: string, folder: string): Promise<string[]> {
  const directory = join(root, folder, 'variants');
  if (!(await exists(directory))) return [];
  return (await readdir(directory, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort(compareText);
}

/** The items of `items/` (required) or of a language's `variants/<language>/` (optional). */
async function readItemFiles(
  root: string,
  folder: string,
  issues: BundleIssue[],
  subfolder = 'items',
): Promise<{ file: string; item: unknown; index: number }[]> {
  const directory = join(root, folder, subfolder);
  if (!(await exists(directory))) {
    if (subfolder === 'items') issues.push({ file: `${folder}/items`, message: 'missing: every environment needs an items folder' });
    return [];
  }
  const files = (await readdir(directory)).filter((f) => f.endsWith('.json')).sort(compareText);
  const items: { file: string; item: unknown; index: number }[] = [];
  for (const name of files) {
    const file = `${folder}/${subfolder}/${name}`;
    const parsed = await readJsonFile(root, file, issues);
    if (parsed === undefined) continue;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    list.forEach((item, index) => items.push({ file, item, index }));
  }
  return items;
}

async function readJsonFile(root: string, file: string, issues: BundleIssue[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(root, file), 'utf8');
  } catch {
    issues.push({ file, message: 'file not found or unreadable' });
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    issues.push({ file, message: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, file: string, issues: BundleIssue[]): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const message of describeZodError(result.error)) issues.push({ file, message });
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const text = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
