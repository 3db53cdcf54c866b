import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Server test files spend much of their time waiting on sockets, timers and the database, so they run
// more files side by side than there are cores (vitest's default is one file less than the cores).
// VITEST_MAX_WORKERS overrides it.
// The server and content-service files run without isolation: a worker keeps its imports (the whole
// app, about a second of CPU per file) from one file to the next. They share no state beyond pure
// caches: each file opens its own database and app, and restores what it changes on `process`.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(availableParallelism() + 1, 2);

// The web files run without isolation too: a worker keeps one jsdom window and the imports (React,
// the router, the app's routes) from one file to the next, instead of a new window and a new import
// of everything per file (on 12 files, one worker: 63 s of CPU isolated, 23 s not). The per-file
// set-up (apps/web/src/testing/shared-worker.ts) puts back what a file leaves on the window and the
// module state: stubbed globals, timers, storage, cookies, the document, the window properties tests
// replace, the page's language and the fetched French catalogs (a French catalog kept from an earlier
// file made the next file's French page render at once and hang in testing-library's `act`; the
// reason is written out there). A file that mocks a module (`vi.mock`, hoisted above its imports)
// runs isolated, in the `web-mocks` project: without isolation its mock would stay for the files
// after it, and would not reach modules an earlier file had imported already. A file that says
// `test-runs-isolated` in a comment runs there too (with its reason beside the marker).
const webSource = 'apps/web/src';
const webTestFiles = readdirSync(webSource, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .sort();
const mocksModules = (file: string) => /\bvi\.(mock|doMock|hoisted)\(|test-runs-isolated/.test(readFileSync(join(webSource, file), 'utf8'));
const webMockingFiles = webTestFiles.filter(mocksModules).map((file) => `src/${file}`);
const webSharedFiles = webTestFiles.filter((file) => !mocksModules(file)).map((file) => `src/${file}`);

export default defineConfig({
  test: {
    maxWorkers,
    reporters: ['default', './scripts/vitest/slowest-files.ts'],
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['./scripts/vitest/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: {
          name: 'content-service',
          include: ['packages/content-service/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
        },
      },
      'packages/xlsx/vitest.config.ts',
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', isolate: false, exclude: webMockingFiles, setupFiles: ['./src/testing/shared-worker.ts'] },
      },
      { extends: './apps/web/vite.config.ts', test: { name: 'web-mocks', exclude: webSharedFiles } },
    ],
  },
});
