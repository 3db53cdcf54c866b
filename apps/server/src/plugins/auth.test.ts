/** Token ids: unique, 128 random bits each, across refills of the id pool. */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/test-database.ts';
import { createTokenService } from '../lib/tokens/tokens.service.ts';

const t = useTestDatabase();

describe('token ids', () => {
  it('are unique 22-character base64url ids (16 bytes) across several refills of the pool', async () => {
    const tokens = createTokenService({ db: t.database.db, secret: new Uint8Array(32).fill(7), ttlSeconds: 3600 });
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
