/**
 * A fake content service behind the Delivery SDK's HTTP layer, for component tests: it answers the
 * SDK's requests from the real content bundles in `content/` (authoring form turned into Delivery
 * API JSON), with the access-code filtering of the real service, and records every call. Rich text is
 * sanitized with the real service's sanitizer, as the service does before it serves it (decision 009).
 */
import { sanitizeRichText } from '../../../../packages/content-service/src/rich-text/sanitize.ts';
import type { IHeader, IHttpCancelRequestToken, IHttpGetQueryCall, IHttpQueryOptions, IHttpService, IResponse } from '@kontent-ai/core-sdk';

type AuthoringValue = string | number | string[] | { file: string; description?: string }[];
interface AuthoringItem {
  codename: string;
  type: string;
  name: string;
  elements: Record<string, AuthoringValue>;
}
interface TypeDefinition {
  codename: string;
  elements: Record<string, { type: string; name: string; options?: { codename: string; name: string }[] }>;
}

const typeModules = import.meta.glob<{ default: TypeDefinition[] }>('../../../../content/types.json', { eager: true });
const itemModules = import.meta.glob<{ default: AuthoringItem | AuthoringItem[] }>('../../../../content/*/items/*.json', { eager: true });
const environmentModules = import.meta.glob<{ default: { id: string; codename: string } }>('../../../../content/*/environment.json', { eager: true });

const types = new Map<string, TypeDefinition>((Object.values(typeModules)[0]?.default ?? []).map((t) => [t.codename, t]));

export const ENVIRONMENT_IDS: Record<string, string> = Object.fromEntries(
  Object.values(environmentModules).map((m) => [m.default.codename, m.default.id]),
);

export type DeliveryItem = { system: Record<string, unknown>; elements: Record<string, Record<string, unknown>> };

function toDelivery(environmentId: string, item: AuthoringItem): DeliveryItem {
  const type = types.get(item.type);
  if (!type) throw new Error(`fake-delivery: unknown type ${item.type}`);
  const elements: DeliveryItem['elements'] = {};
  for (const [codename, def] of Object.entries(type.elements)) {
    const raw = item.elements[codename];
    const base = { type: def.type, name: def.name };
    switch (def.type) {
      case 'rich_text':
        elements[codename] = { ...base, value: sanitizeRichText(Array.isArray(raw) ? raw.join('\n') : String(raw ?? '')), images: {}, links: {}, modular_content: [] };
        break;
      case 'modular_content':
        elements[codename] = { ...base, value: Array.isArray(raw) ? raw : [] };
        break;
      case 'multiple_choice': {
        const chosen = Array.isArray(raw) ? (raw as string[]) : [];
        elements[codename] = { ...base, value: chosen.map((c) => ({ codename: c, name: def.options?.find((o) => o.codename === c)?.name ?? c })) };
        break;
      }
      case 'asset':
        elements[codename] = {
          ...base,
          value: (Array.isArray(raw) ? (raw as { file: string; description?: string }[]) : []).map((a) => ({
            name: a.file,
            description: a.description ?? null,
            type: a.file.endsWith('.svg') ? 'image/svg+xml' : 'application/pdf',
            size: 1,
            url: `/content-assets/${environmentId}/${a.file}`,
            width: null,
            height: null,
            renditions: {},
          })),
        };
        break;
      default:
        elements[codename] = { ...base, value: raw ?? null };
    }
  }
  return {
    system: { id: `${item.codename}-id`, name: item.name, codename: item.codename, language: 'default', type: item.type, collection: 'default', sitemap_locations: [], last_modified: '2027-01-01T00:00:00Z', workflow: 'default', workflow_step: 'published' },
    elements,
  };
}

function loadEnvironment(codename: string): Map<string, DeliveryItem> {
  const environmentId = ENVIRONMENT_IDS[codename];
  if (!environmentId) throw new Error(`fake-delivery: no environment ${codename}`);
  const items = new Map<string, DeliveryItem>();
  for (const [path, module] of Object.entries(itemModules)) {
    if (!path.includes(`/content/${codename}/items/`)) continue;
    for (const item of [module.default].flat()) items.set(item.codename, toDelivery(environmentId, item));
  }
  return items;
}

function accessCodes(item: DeliveryItem): string[] | null {
  const element = item.elements.access_codes;
  if (!element) return null;
  return (element.value as { codename: string }[]).map((o) => o.codename);
}

function choiceValues(item: DeliveryItem, element: string): string[] {
  const value = item.elements[element]?.value;
  if (!Array.isArray(value)) return [];
  return value.map((v: unknown) => (typeof v === 'string' ? v : (v as { codename: string }).codename));
}

export interface RecordedCall {
  url: string;
  headers: IHeader[];
}

export interface FakeDeliveryOptions {
  /** The access codes a bearer token grants; default none. */
  codesForToken?: (token: string | null) => string[];
  /** Status to answer every call with instead (e.g. 401 for a revoked token). */
  failWith?: number;
}

export class FakeDeliveryService implements IHttpService<undefined> {
  readonly calls: RecordedCall[] = [];
  private readonly environments = new Map<string, Map<string, DeliveryItem>>();

  constructor(private readonly options: FakeDeliveryOptions = {}) {
    for (const [codename, id] of Object.entries(ENVIRONMENT_IDS)) this.environments.set(id, loadEnvironment(codename));
  }

  /** Replaces an element value (e.g. hostile rich text) for one item of an environment. */
  patchElement(environment: string, codename: string, element: string, value: unknown): void {
    const item = this.environments.get(ENVIRONMENT_IDS[environment] ?? '')?.get(codename);
    const target = item?.elements[element];
    if (!target) throw new Error(`fake-delivery: no ${environment}/${codename}.${element}`);
    target.value = target.type === 'rich_text' && typeof value === 'string' ? sanitizeRichText(value) : value;
  }

  async getAsync<TRawData>(call: IHttpGetQueryCall, options?: IHttpQueryOptions<undefined>): Promise<IResponse<TRawData>> {
    const headers = options?.headers ?? [];
    this.calls.push({ url: call.url, headers });
    if (this.options.failWith) throw Object.assign(new Error(`status ${this.options.failWith}`), { response: { status: this.options.failWith, data: {} } });
    const auth = headers.find((h) => h.header.toLowerCase() === 'authorization')?.value ?? null;
    const token = auth?.replace(/^bearer\s+/i, '') ?? null;
    const codes = new Set(this.options.codesForToken?.(token) ?? []);
    const visible = (item: DeliveryItem) => {
      const needed = accessCodes(item);
      return needed === null || needed.some((c) => codes.has(c));
    };

    const url = new URL(call.url);
    // {base}/content/{environmentId}/items[/{codename}]
    const [, environmentId, resource, codename] = url.pathname.split('/').filter(Boolean);
    const items = this.environments.get(environmentId ?? '');
    if (!items || resource !== 'items') return respond(404, { message: 'Not found', error_code: 1, request_id: 'fake', specific_code: 0 }) as IResponse<TRawData>;
    const modular = Object.fromEntries([...items.values()].filter(visible).map((i) => [String(i.system.codename), i]));

    if (codename) {
      const item = items.get(decodeURIComponent(codename));
      if (!item || !visible(item)) return respond(404, { message: `The requested content item '${codename}' was not found.`, error_code: 100, request_id: 'fake', specific_code: 0 }) as IResponse<TRawData>;
      return respond(200, { item, modular_content: modular }) as IResponse<TRawData>;
    }

    let result = [...items.values()].filter(visible);
    for (const [key, value] of url.searchParams) {
      const match = /^(system\.type|elements\.[a-z_]+)(\[(contains|any|all|eq|in)\])?$/.exec(key);
      if (!match) continue;
      const [, field, , op = 'eq'] = match;
      const wanted = value.split(',');
      result = result.filter((item) => {
        if (field === 'system.type') return wanted.includes(String(item.system.type));
        const have = choiceValues(item, (field ?? '').slice('elements.'.length));
        if (op === 'all') return wanted.every((w) => have.includes(w));
        return wanted.some((w) => have.includes(w));
      });
    }
    return respond(200, { items: result, modular_content: modular, pagination: { skip: 0, limit: 0, count: result.length, next_page: '' } }) as IResponse<TRawData>;
  }

  postAsync<TRawData>(): Promise<IResponse<TRawData>> {
    return Promise.reject(new Error('fake-delivery: POST not supported'));
  }
  putAsync<TRawData>(): Promise<IResponse<TRawData>> {
    return Promise.reject(new Error('fake-delivery: PUT not supported'));
  }
  patchAsync<TRawData>(): Promise<IResponse<TRawData>> {
    return Promise.reject(new Error('fake-delivery: PATCH not supported'));
  }
  deleteAsync<TRawData>(): Promise<IResponse<TRawData>> {
    return Promise.reject(new Error('fake-delivery: DELETE not supported'));
  }
  createCancelToken(): IHttpCancelRequestToken<undefined> {
    return { token: undefined, cancel: () => undefined };
  }
}

function respond(status: number, data: unknown): IResponse<unknown> {
  if (status >= 400) throw Object.assign(new Error(`status ${status}`), { response: { status, data } });
  return { data, status, headers: [], rawResponse: null, retryStrategy: { options: {}, retryAttempts: 0 } };
}
