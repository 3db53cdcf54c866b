import { join } from 'node:path';
import { openDatabase, type Database } from '@portal/db';
import type { Config } from './config.ts';

/**
 * The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. Entry
 * points pass the migrations folder resolved from their own location (source and bundle differ).
 */
export function openConfiguredDatabase(config: Config, migrationsFolder: string): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    migrationsFolder,
  });
}
