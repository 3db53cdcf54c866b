/**
 * A fresh PostgreSQL database for one benchmark run on the server of BENCH_DATABASE_URL (default the
 * local test server), and how to drop it again.
 */
import { createEmptyPostgresDatabase } from '@portal/db/testing';

export const BENCH_DATABASE_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function createBenchPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return createEmptyPostgresDatabase(BENCH_DATABASE_BASE, prefix);
}
