/**
 * Browser journeys in Debian's Chromium against the real built server with demo data. The server
 * gets its own port and a fresh data dir per run (DEMO_STORES=1000 keeps the first start short);
 * every spec in e2e/ shares it. `npm run test:e2e` builds first; a missing server build falls back
 * to running the server from source.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS, NO_OUTSIDE_HOSTS } from './e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4391);
// Evaluated again in every worker: the first evaluation (the runner) picks the data dir.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// The mails the server sends land here (e2e/serve-with-mail.mjs; read with e2e/mailbox.ts).
process.env.E2E_MAIL_DIR ??= `${process.env.E2E_DATA_DIR}-mail`;
const serverCommand = `node e2e/serve-with-mail.mjs ${existsSync('apps/server/dist/server.js') ? 'node apps/server/dist/server.js' : 'npx tsx apps/server/src/server.ts'}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  // Journeys take 3-20 s here and up to four times that on a busier CI machine: two minutes each;
  // the heaviest ask for more themselves.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Two shared cores: one browser at a time keeps timings honest.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // No journey depends on the outside network (e2e/chromium.ts says why).
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS, ...NO_OUTSIDE_HOSTS] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: serverCommand,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      DEMO_STORES: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
