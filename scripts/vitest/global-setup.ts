/**
 * Builds the migrated test database snapshot (a PGlite data-dir dump, or a PostgreSQL template
 * database) once before the workers start, so parallel test files of a fresh clone copy it instead of
 * each running every migration at the same moment.
 */
import { createTestDatabase } from '@portal/db/testing';

export default async function setup(): Promise<void> {
  const database = await createTestDatabase();
  await database.close();
}
