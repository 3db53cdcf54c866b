/**
 * Runs the real portal process (built server if present, else from source) serving the built web
 * app, on a free loopback port with a temp data dir and small demo data. Used by the web budget
 * and Lighthouse runs, which need the server exactly as users get it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface PortalProcess {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the portal was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Asks for every banner rendition the login pages name, as the server does in the background
 * once it listens (static-web.ts warmBannerRenditions): measurements see the warm cache a visitor sees,
 * not the server drawing AVIFs on the same CPU as the page loads.
 */
async function warmBannerRenditions(url: string): Promise<void> {
  const candidates = new Set<string>();
  for (const page of ['/nbc', '/abc']) {
    const html = await (await fetch(`${url}${page}`)).text();
    for (const [, list = ''] of html.matchAll(/(?:imagesrcset|srcset)="([^"]+)"/g)) {
      for (const candidate of list.replace(/&amp;/g, '&').split(', ')) candidates.add(candidate.split(' ')[0] ?? '');
    }
  }
  for (const candidate of candidates) if (candidate) await (await fetch(`${url}${candidate}`)).arrayBuffer();
}

export async function startPortal(options: { stores?: number } = {}): Promise<PortalProcess> {
  if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build -w @portal/web` first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-web-bench-'));
  // The built server (what `npm start` runs) unless PORTAL_SERVER=source or there is no build.
  const built = join(REPO_ROOT, 'apps/server/dist/server.js');
  const fromSource = process.env.PORTAL_SERVER === 'source' || !existsSync(built);
  // PORTAL_SERVER_ENTRY: another server entry file (run with tsx), e.g. a variant without background work.
  const entry = process.env.PORTAL_SERVER_ENTRY;
  const [command, args] = entry
    ? [process.execPath, ['--import', 'tsx', entry]]
    : fromSource
      ? [process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/server.ts')]]
      : [process.execPath, [built]];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_STORES: String(options.stores ?? 200), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the portal process exited unexpectedly (code ${code ?? '-'}, signal ${signal ?? '-'})`);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, child, 240_000);
    await warmBannerRenditions(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Signs in through the API, as the login screen does, and returns the envelope to store. */
export async function apiLogin(url: string, body: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${url}/User/ProcessLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { succeeded?: boolean; message?: string };
  if (!envelope.succeeded) throw new Error(`demo login failed: ${envelope.message ?? response.status}`);
  return envelope;
}

export const DEALER_LOGIN = { userName: 'pat.morgan@morgan-motors.example.com', password: 'DEALER27', firstName: '', lastName: '', eventType: 'nbc', IsReporting: false };
