import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  path?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  bodies?: string[];
  connections: number;
  duration: number;
}

export interface LoadSummary {
  reqPerSec: number;
  /** Requests completed in the whole run. */
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon in a separate Node process against `spec.url + spec.path`. */
export async function runLoad(spec: LoadSpec): Promise<LoadSummary> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-load-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const runner = new URL('./load-runner.mjs', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, [runner, file], { maxBuffer: 64 * 1024 * 1024 });
    const r = JSON.parse(stdout) as autocannon.Result;
    return { reqPerSec: Math.round(r.requests.average), total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
