import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Server test files spend much of their time waiting on sockets, timers and the database, so they run
// more files side by side than there are cores (vitest's default is one file less than the cores).
// VITEST_MAX_WORKERS overrides it.
// The server and content-service files run without isolation: a worker keeps its imports (the whole
// app, about a second of CPU per file) from one file to the next. They share no state beyond pure
// caches: each file opens its own database and app, and restores what it changes on `process`.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(availableParallelism() + 1, 2);

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
      'apps/web/vite.config.ts',
    ],
  },
});
