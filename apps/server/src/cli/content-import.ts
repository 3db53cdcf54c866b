/** `npm run content:import`: validates and imports the content bundles in content/ into the database. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BundleValidationError, importContentBundle } from '@portal/content-service';
import { loadConfig } from '../config.ts';
import { openMigratedDatabase, runCli } from './run-cli.ts';

const repo = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function main(): Promise<number> {
  // npm runs workspace scripts in apps/server; paths (DATA_DIR, a content folder) mean what they
  // mean where the user typed the command.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const contentRoot = process.argv[2] ? resolve(process.argv[2]) : repo('../../../../content');
  const database = await openMigratedDatabase(config);
  try {
    const report = await importContentBundle(database.db, contentRoot);
    console.log(JSON.stringify(report, null, 2));
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, { failure: 'Content import failed', expected: [BundleValidationError] });
