/**
 * A test database (PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set) for
 * the tests that need no app: opened in `beforeAll` and closed in `afterAll` of the calling file or
 * describe block, after `prepare` (e.g. loading demo data) when given. Read `database` inside hooks
 * and tests.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';

export function useTestDatabase(prepare?: (database: Database) => Promise<unknown>): { readonly database: Database } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await prepare?.(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get database() {
      if (!database) throw new Error('useTestDatabase: the database is opened in beforeAll');
      return database;
    },
  };
}
