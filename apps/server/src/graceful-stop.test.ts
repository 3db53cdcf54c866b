/**
 * Graceful stop on a real server process: SIGTERM while registrations are being
 * submitted in parallel. New connections are refused at once, requests in flight finish, the process
 * exits 0, every acknowledged registration is stored and none is half stored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseUrl } from '@portal/db/testing';
import { buildTestApp, DEMO } from './testing/build-test-app.ts';
import { sparePort } from './testing/redis-server.ts';
import { hashToken } from './lib/registration-tokens.ts';
import { newDataDir, serverCommand } from './testing/start-server.ts';

/** true when a TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Started> {
  // node itself with tsx's loader, so the signal reaches the server (not a wrapper process).
  const child = spawn(serverCommand.command, serverCommand.args, {
    cwd: serverCommand.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', DEMO_STORES: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 150_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Event portal ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return { child, output: () => output, exited };
}

async function postJson(url: string, body: unknown, token?: string): Promise<{ status: number; json: { succeeded?: boolean; data?: unknown } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { succeeded?: boolean; data?: unknown } };
}

describe('graceful stop', () => {
  it('answers /readyz with 503 as soon as the instance is draining', async () => {
    const t = await buildTestApp({ stores: 5 });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      t.app.lifecycle.draining = true;
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'stopping' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('on SIGTERM under parallel submits: refuses new connections, finishes what is in flight, exits 0, stores every acknowledged registration whole', async () => {
    const port = await sparePort();
    // On PGlite the server starts on a copy of the migrated test database (loading its demo data into
    // it as into any empty one); on PostgreSQL on a new, empty database it migrates.
    const dataDir = testDatabaseUrl ? mkdtempSync(join(tmpdir(), 'portal-stop-')) : await newDataDir('portal-stop-');
    let pgDatabase: { url: string; drop: () => Promise<void> } | undefined;
    const env: Record<string, string> = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_GRACE_SECONDS: '25' };
    if (testDatabaseUrl) {
      pgDatabase = await createEmptyPostgresDatabase(testDatabaseUrl, 'portal_stop');
      Object.assign(env, { DATABASE_URL: pgDatabase.url, DEMO_DATA: 'true' });
    }
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(env);
    try {
      const login = await postJson(`${base}/User/ProcessLogin`, { userName: DEMO.gm, password: 'DEALER27', eventType: 'nbc', IsReporting: false });
      const gm = (login.json.data as { accessToken: string }).accessToken;
      const tokens: string[] = [];
      for (let i = 0; i < 40; i++) {
        const link = await postJson(`${base}/api/Enrollment/GetBuiltinLink`, { firstName: `Stop${i}`, lastName: 'Test' }, gm);
        expect(link.status, JSON.stringify(link.json)).toBe(200);
        tokens.push(/\/register\/([A-Za-z0-9_-]{43})$/.exec(link.json.data as string)![1]!);
      }

      let first!: () => void;
      const firstAnswer = new Promise<void>((resolve) => (first = resolve));
      const submits = tokens.map((token, i) =>
        postJson(`${base}/api/Registration/${token}`, { action: 'submit', firstName: `Stop${i}`, lastName: 'Test', email: `stop${i}@morgan-motors.example.com`, isVirtual: true }).then(
          (res) => {
            first();
            return res.status === 200 && res.json.succeeded === true;
          },
          () => false,
        ),
      );
      await firstAnswer;
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // New connections are refused at once (the listener closes before requests in flight end).
      let refusedAfter: number | undefined;
      while (Date.now() - signalled < 2_000) {
        if (await refused(port)) {
          refusedAfter = Date.now() - signalled;
          break;
        }
      }
      expect(refusedAfter, 'new connections were still accepted 2 s after SIGTERM').toBeDefined();
      const acknowledged = await Promise.all(submits);
      const code = await server.exited;
      expect(code, server.output().slice(-4000)).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(25_000);
      expect(server.output()).toMatch(/shutting down: finishing requests in flight/);
      const acked = acknowledged.filter(Boolean).length;
      expect(acked).toBeGreaterThan(0);

      // Every token: used, enrolled, confirmation queued and audited, all together, or none of it.
      const hashes = tokens.map(hashToken);
      const query = `select t.token_hash, t.used_at is not null as used, r.status,
          (select count(*)::int from mail_outbox o where o.kind = 'registration-confirmed' and (o.data ->> 'registrationId')::int = r.id) as mails,
          (select count(*)::int from audit_log a where a.action = 'registration-enrolled' and (a.detail ->> 'registrationId')::int = r.id) as audits
        from registration_tokens t join registrations r on r.id = t.registration_id
        where t.purpose = 'register' and t.token_hash = any($1::text[])`;
      let rows: Array<{ token_hash: string; used: boolean; status: string; mails: number; audits: number }>;
      if (pgDatabase) {
        const client = new pg.Client({ connectionString: pgDatabase.url });
        await client.connect();
        rows = (await client.query(query, [hashes])).rows;
        await client.end();
      } else {
        const db = await PGlite.create(join(dataDir, 'pglite'));
        rows = (await db.query<(typeof rows)[number]>(query, [hashes])).rows;
        await db.close();
      }
      expect(rows).toHaveLength(tokens.length);
      const byHash = new Map(rows.map((r) => [r.token_hash, r]));
      tokens.forEach((token, i) => {
        const row = byHash.get(hashToken(token))!;
        const whole = row.used && row.status === 'Enrolled' && row.mails === 1 && row.audits === 1;
        const untouched = !row.used && row.status !== 'Enrolled' && row.mails === 0 && row.audits === 0;
        expect(whole || untouched, `token ${i}: ${JSON.stringify(row)}`).toBe(true);
        if (acknowledged[i]) expect(whole, `acknowledged token ${i} not stored: ${JSON.stringify(row)}`).toBe(true);
      });
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await pgDatabase?.drop();
    }
  }, 240_000);
});
