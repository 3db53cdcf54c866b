/**
 * Where a cached content answer's time goes: the real app (PGlite, 100 demo stores, the real content
 * bundles) under 50 connections from a load generator in its own process, this process under the V8
 * CPU profiler; `/healthz` first for comparison. Prints self time per package and function.
 *   node --import tsx bench/content/profile-content.ts [--seconds 8] [--target listing|listingBrotli|healthz|welcomeWithTokenBrotli|...] [--out /tmp/content.cpuprofile]
 * The `...WithToken...` targets are signed in (the corporate demo login's token).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importContentBundle } from '@portal/content-service';
import { startBenchServer } from '../lib/bench-server.ts';
import { profileLoad } from '../lib/cpu-profile.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 8);
const target = args.get('--target') || 'listingBrotli';
const out = args.get('--out') || `/tmp/content-${target}.cpuprofile`;
const contentRoot = fileURLToPath(new URL('../../content', import.meta.url));
const nbc = (JSON.parse(readFileSync(`${contentRoot}/nbc/environment.json`, 'utf8')) as { id: string }).id;

const targets: Record<string, { path: string; headers?: Record<string, string>; signedIn?: true }> = {
  healthz: { path: '/healthz' },
  welcomeWithTokenBrotli: { path: `/content/${nbc}/items?system.type=welcome_page&depth=2`, headers: { 'accept-encoding': 'br' }, signedIn: true },
  headerWithTokenBrotli: { path: `/content/${nbc}/items?system.type=header_layout_detail&elements.access_codes[any]=corporate&depth=2`, headers: { 'accept-encoding': 'br' }, signedIn: true },
  listing: { path: `/content/${nbc}/items?limit=25` },
  listingBrotli: { path: `/content/${nbc}/items?limit=25`, headers: { 'accept-encoding': 'br' } },
  welcomeDepth2Brotli: { path: `/content/${nbc}/items?system.type=welcome_page&depth=2`, headers: { 'accept-encoding': 'br' } },
};
const chosen = targets[target];
if (!chosen) throw new Error(`--target: one of ${Object.keys(targets).join(', ')}`);

const server = await startBenchServer('pglite', 100);
try {
  await importContentBundle(server.database.db, contentRoot);
  const headers = { ...chosen.headers };
  if (chosen.signedIn) {
    const login = await fetch(`${server.url}/User/ProcessLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false }),
    });
    headers.authorization = `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}`;
  }
  console.log(`${target}:`);
  await profileLoad({ url: server.url, connections: 50, path: chosen.path, headers }, seconds, out);
} finally {
  await server.close();
}
