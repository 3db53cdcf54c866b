import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Db } from '@portal/db';
import contentService, { type ContentServiceOptions } from '../src/index.ts';

export const FIXTURE_ROOT = fileURLToPath(new URL('./fixtures/bundle', import.meta.url));
export const NBC = '11111111-1111-4111-8111-111111111111';
export const ABC = '22222222-2222-4222-8222-222222222222';

/** Fake portal tokens: the bearer value names the policy, as the server's resolver would decode it. */
export const TOKEN_CODES: Readonly<Record<string, readonly string[]>> = {
  general: ['navigatingcorp'],
  expo: ['retailers'],
  field: ['field'],
  corporate: ['corporate'],
};

export async function resolveFromBearer(request: FastifyRequest): Promise<readonly string[]> {
  const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return (match?.[1] && Object.hasOwn(TOKEN_CODES, match[1]) ? TOKEN_CODES[match[1]] : undefined) ?? [];
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  /** `${url}/content/${env}` */
  content(env?: string): string;
  close(): Promise<void>;
}

/** The plugin plus /healthz on a real loopback port, as the SDK needs one. */
export async function startServer(db: Db, options: Partial<ContentServiceOptions> = {}): Promise<TestServer> {
  const app = Fastify({ logger: false });
  await app.register(contentService, { db, source: { kind: 'embedded' }, resolveAccessCodes: resolveFromBearer, refreshIntervalMs: 0, ...options });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return { app, url, content: (env = NBC) => `${url}/content/${env}`, close: () => app.close() };
}

/** A scratch copy of the fixture bundle that a test may edit. */
export async function copyFixture(): Promise<{ root: string; edit: EditBundle; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'content-bundle-'));
  await cp(FIXTURE_ROOT, root, { recursive: true });
  const edit: EditBundle = async (file, change) => {
    const path = join(root, file);
    const value = JSON.parse(await readFile(path, 'utf8')) as unknown;
    await writeFile(path, JSON.stringify(change(value), null, 2));
  };
  return { root, edit, remove: () => rm(root, { recursive: true, force: true }) };
}

export type EditBundle = (file: string, change: (value: any) => unknown) => Promise<void>;

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** Empties the content tables, so one database can serve several tests of a file. */
export async function resetContent(db: Db): Promise<void> {
  await db.execute(
    sql`truncate content_changes, content_items, content_assets, content_types, content_taxonomies, content_languages, content_environments restart identity`,
  );
}
