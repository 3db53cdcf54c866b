/**
 * One throttled page load traced over a bare DevTools connection: Chromium started by hand, the
 * protocol spoken over its WebSocket, and only the Target, Page, Emulation, DOMStorage and Tracing
 * domains used. Playwright (page-load.ts) and Lighthouse also enable the Runtime and Network
 * domains, and with Runtime on, V8 records a detailed stack trace (with line and column) for every
 * `Error` created, which makes it re-parse every function on the stack (V8.CollectSourcePositions):
 * React DOM creates such errors while it starts. A phone without DevTools attached does not pay
 * that; this load shows what it does pay. Same profile as page-load.ts: 412 x 823 at 1.75, 4x CPU,
 * no network throttle (or Lighthouse's Slow 4G, which needs the Network domain too), the demo dealer
 * signed in first for the welcome page.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/chromium.ts';
import { apiLogin, DEALER_LOGIN, startPortal } from '../web-budget/portal-process.ts';

/** The `ws` package (a dependency of Lighthouse's Puppeteer), typed as far as used here. */
interface Socket {
  on(event: 'message', listener: (data: unknown) => void): void;
  once(event: 'open' | 'error', listener: (value?: unknown) => void): Socket;
  send(data: string): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options: Record<string, unknown>) => Socket;

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

/**
 * Lighthouse's Slow 4G as its DevTools throttling applies it (core/config/constants.js: 150 ms RTT
 * x 3.75 request latency, 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up). With it each response
 * arrives on its own, as on the phone's network; without it (the default) everything is on loopback
 * at once, and the work for several responses can fall into one task.
 */
export const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

/**
 * The trace events of one load, and with `cpuProfile` the V8 CPU profile (Profiler domain, 200 µs
 * samples: it slows the page a little, so use it to name the functions, not to time the tasks).
 */
export async function bareTracedLoad(path: string, categories: string[], settleMs = 3000, network?: typeof SLOW_4G, cpuProfile = false): Promise<{ events: unknown[]; cpu?: unknown }> {
  const portal = await startPortal();
  const profile = mkdtempSync(join(tmpdir(), 'portal-bare-'));
  const chrome = spawn(CHROME_PATH, [...CHROMIUM_ARGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    const portFile = join(profile, 'DevToolsActivePort');
    for (let i = 0; i < 200 && !existsSync(portFile); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 100));
    const [port, browserPath] = readFileSync(portFile, 'utf8').split('\n');
    const socket = new WebSocket(`ws://127.0.0.1:${port}${browserPath}`, { perMessageDeflate: false, maxPayload: 1 << 30 });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let nextId = 1;
    const waiting = new Map<number, (message: Message) => void>();
    const listeners: ((message: Message) => void)[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.id !== undefined) waiting.get(message.id)?.(message);
      else for (const listener of listeners) listener(message);
    });
    const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result ?? {})));
        socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    const event = (method: string, sessionId?: string) =>
      new Promise<Message>((resolve) => {
        const listener = (message: Message) => {
          if (message.method === method && (!sessionId || message.sessionId === sessionId)) {
            listeners.splice(listeners.indexOf(listener), 1);
            resolve(message);
          }
        };
        listeners.push(listener);
      });

    const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await send('Page.enable', {}, sessionId);
    await send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true }, sessionId);
    if (path.includes('welcome')) {
      const stored = await apiLogin(portal.url, DEALER_LOGIN);
      const loaded = event('Page.loadEventFired', sessionId);
      await send('Page.navigate', { url: `${portal.url}/healthz` }, sessionId);
      await loaded;
      await send('DOMStorage.setDOMStorageItem', { storageId: { securityOrigin: portal.url, isLocalStorage: true }, key: 'userdetail', value: JSON.stringify(stored) }, sessionId);
      const blank = event('Page.loadEventFired', sessionId);
      await send('Page.navigate', { url: 'about:blank' }, sessionId);
      await blank;
    }
    await send('Emulation.setCPUThrottlingRate', { rate: 4 }, sessionId);
    if (network) {
      await send('Network.enable', {}, sessionId);
      await send('Network.emulateNetworkConditions', network, sessionId);
    }
    const collected: unknown[] = [];
    listeners.push((message) => {
      if (message.method === 'Tracing.dataCollected') collected.push(...((message.params?.value as unknown[]) ?? []));
    });
    if (cpuProfile) {
      await send('Profiler.enable', {}, sessionId);
      await send('Profiler.setSamplingInterval', { interval: 200 }, sessionId);
      await send('Profiler.start', {}, sessionId);
    }
    await send('Tracing.start', { traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' }, transferMode: 'ReportEvents' });
    const loaded = event('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url: `${portal.url}${path}` }, sessionId);
    await loaded;
    await new Promise((r) => setTimeout(r, settleMs));
    const cpu = cpuProfile ? (await send('Profiler.stop', {}, sessionId)).profile : undefined;
    const complete = event('Tracing.tracingComplete');
    await send('Tracing.end');
    await complete;
    socket.close();
    return { events: collected, cpu };
  } finally {
    chrome.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(profile, { recursive: true, force: true });
    await portal.stop();
  }
}
