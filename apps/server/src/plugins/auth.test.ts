/** Token ids: unique, 128 random bits each, across refills of the id pool. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { TokenService } from './auth.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('token ids', () => {
  it('are unique 22-character base64url ids (16 bytes) across several refills of the pool', async () => {
    const tokens = new TokenService(database.db, new Uint8Array(32).fill(7), 3600);
    const claims = { personId: 1, email: 'a@example.com', eventType: 'nbc', policies: ['general'], regType: 'DLR', isDealer: true, storeCode: '1' } as const;
    const ids = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const { jti, token } = await tokens.sign({ ...claims, policies: [...claims.policies] });
      expect(jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
      ids.add(jti);
      if (i % 250 === 0) expect((await tokens.verify(token)).jti).toBe(jti);
    }
    expect(ids.size).toBe(1_000);
  });
});
