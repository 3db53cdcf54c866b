/**
 * Builds the migrated test database snapshots (PGlite data-dir dumps, or PostgreSQL template
 * databases) once before the workers start: the empty one and the demo seeds most server test files
 * start from (the default 120 stores, and 5), so the files of a fresh clone copy them instead of
 * building them side by side. Other seeds are built by the first file that asks, the others waiting.
 */
import { prepareTestSnapshots } from '@portal/db/testing';
import { demoSeed, testConfig } from '../../apps/server/src/testing/build-test-app.ts';

export default async function setup(): Promise<void> {
  const config = testConfig();
  await prepareTestSnapshots([demoSeed(120, config), demoSeed(5, config)]);
}
