import { beforeAll, beforeEach } from 'vitest';
import { signInOrganizer } from '../features/admin/testing/admin-fixtures.ts';

/**
 * A console page test's set-up: the console's chunk loaded once (slow on a busy machine, so not
 * inside a test's time), and a signed-in organizer before each test.
 */
export function setUpConsolePageTests(): void {
  beforeAll(async () => {
    await import('../app/routes/admin.tsx');
  }, 60_000);
  beforeEach(() => signInOrganizer());
}
