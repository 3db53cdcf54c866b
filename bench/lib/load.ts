import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@portal/db';

export interface LoadSpec {
  url: string;
  path?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  bodies?: string[];
  /** Send each of `bodies` once, in turn across the connections (default: every connection goes through them all). */
  distinct?: boolean;
  /** With `distinct`: request n also takes the headers of entry n of this list, in turn (several callers). */
  headersList?: Record<string, string>[];
  connections: number;
  duration: number;
  /** Requests a second across all connections (autocannon's overallRate); default: as fast as answered. */
  overallRate?: number;
  /** Answer every request's latency in `LoadSummary.latencies` (ms). */
  samples?: boolean;
}

export interface LoadSummary {
  reqPerSec: number;
  /** Requests completed in the whole run. */
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The load generator's CPU per completed request (µs, its own process). */
  loadCpuMicrosPerRequest: number;
  /** With `samples`: each answered request's latency (ms), in the order answered. */
  latencies?: number[];
}

/** Runs autocannon in a separate Node process against `spec.url + spec.path`. */
export async function runLoad(spec: LoadSpec): Promise<LoadSummary> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-load-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const runner = new URL('./load-runner.mjs', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, [runner, file], { maxBuffer: 64 * 1024 * 1024 });
    const r = JSON.parse(stdout) as autocannon.Result & { loadCpuMicros: number; latencies?: number[] };
    return {
      reqPerSec: Math.round(r.requests.average),
      total: r.requests.total,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      loadCpuMicrosPerRequest: Math.round(r.loadCpuMicros / Math.max(1, r.requests.total)),
      ...(r.latencies ? { latencies: r.latencies } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * CPU time (µs, user + system) used so far by every process of this machine named `postgres`
 * (the server and its backends), read from /proc; 0 where /proc is missing. Taken before and after
 * a load, it gives the database's share of a request's CPU beside the app's and the generator's.
 * `only`: these processes alone (e.g. the backends serving the bench's own database, so other users
 * of a shared PostgreSQL server are not counted).
 */
export function postgresCpuMicros(only?: ReadonlySet<number>): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = only ? [...only].map(String) : readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // Fields 14-17 of stat (utime, stime, and cutime, cstime: the postmaster's ended backends),
      // counted from the state field (3) after the name.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Starts counting the CPU of the PostgreSQL backends serving `db`'s database (the app's pool and its
 * job queue), not the rest of a shared server; the function answered gives the µs they used since.
 * Backends opened in between count from zero; one that ended in between is not counted.
 */
export async function databaseBackendsCpu(db: Db): Promise<() => Promise<number>> {
  const backends = async () => rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid);
  const before = new Map((await backends()).map((pid) => [pid, postgresCpuMicros(new Set([pid]))]));
  return async () => {
    let micros = 0;
    for (const pid of await backends()) micros += postgresCpuMicros(new Set([pid])) - (before.get(pid) ?? 0);
    return micros;
  };
}

/** Linux's USER_HZ: /proc counts CPU time in these ticks on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** What the autocannon command line prints with `-j` (the fields the benchmarks read). */
export interface AutocannonReport {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  throughput: { average: number };
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Runs the autocannon command line in its own process, `-j` and `args` against `url`; answers its report. */
export function autocannonReport(url: string, args: readonly string[]): Promise<AutocannonReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannonCli, ...args, '-j', url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as AutocannonReport);
      } catch (error) {
        reject(error);
      }
    });
  });
}
