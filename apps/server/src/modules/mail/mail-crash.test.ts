/**
 * The process killed between the commit of a mail and its delivery: after a restart the mail still
 * goes out, once. The child process commits a mail, claims it and dies mid-conversation with an SMTP
 * server that never answers; a fresh worker on the same database sends it when the claim runs out.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, schema, type Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { MailDelivery } from './delivery.ts';

const fixture = fileURLToPath(new URL('./testing/enqueue-and-die.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

let smtp: SmtpCatcher;
let blackhole: Server;
const sockets: Socket[] = [];
let testDatabase: Database | undefined;
let dataDir: string | undefined;
let database: Database | undefined;
let worker: MailDelivery | undefined;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // Accepts connections and never greets: the child's send hangs until it is killed.
  blackhole = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await worker?.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => blackhole.close(resolve));
  await smtp?.close();
  if (database && database !== testDatabase) await database.close();
  await testDatabase?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function runChild(args: string[]): Promise<{ output: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child did not finish: ${output} ${errors}`));
    }, 90_000);
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') reject(new Error(`child ended without being killed: ${output} ${errors}`));
      else resolve({ output, signal });
    });
  });
}

it('sends a mail whose process died after the commit, mid-delivery, once, after a restart', async () => {
  const blackholeUrl = `smtp://127.0.0.1:${(blackhole.address() as { port: number }).port}`;
  let args: string[];
  if (process.env.TEST_DATABASE_URL) {
    testDatabase = await createTestDatabase();
    const url = (testDatabase.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    args = ['postgres', url, blackholeUrl];
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    // The migrated snapshot of the suite, written to a data dir (the child skips initdb and migrations).
    const migrated = await createTestDatabase();
    const dump = await (migrated.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await migrated.close();
    await (await PGlite.create({ dataDir, loadDataDir: dump })).close();
    args = ['pglite', dataDir, blackholeUrl];
  }
  const { output } = await runChild(args);
  expect(output).toMatch(/committed \d+\nclaimed\n/);
  const id = Number(/committed (\d+)/.exec(output)![1]);

  // The restart: the same database, opened anew.
  database = testDatabase ?? (await openDatabase({ dataDir: dataDir! }));
  const [before] = await database.db.select().from(schema.outbox).where(eq(schema.outbox.id, id));
  expect(before).toMatchObject({ status: 'sending', attempts: 1, sentAt: null });
  const change = await database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'crash-test-change'));
  expect(change).toHaveLength(1);

  worker = new MailDelivery({ db: database.db, smtpUrl: smtp.url, from: { name: 'Test', address: 'test@portal.test' }, publicUrl: 'http://portal.test', pollMs: 100 });
  worker.start();
  const [mail] = await smtp.waitFor(1, 30_000);
  expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('survivor@example.com');
  for (let i = 0; i < 100; i++) {
    const [row] = await database.db.select().from(schema.outbox).where(eq(schema.outbox.id, id));
    if (row?.status === 'sent') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const [after] = await database.db.select().from(schema.outbox).where(eq(schema.outbox.id, id));
  expect(after).toMatchObject({ status: 'sent', attempts: 2 });
  await worker.stop();
  expect(smtp.mails).toHaveLength(1);
}, 150_000);
