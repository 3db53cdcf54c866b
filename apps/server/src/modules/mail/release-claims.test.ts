/**
 * A stopping mail worker gives back the mails it claimed but did not start (docs/operations.md,
 * graceful stop): they are due again at once for another instance, their attempt not counted, and a
 * claim another worker has taken over since is left alone (the attempt fence). Over a real SMTP server
 * on loopback that holds the first mail until the worker has been told to stop.
 */
import type { AddressInfo } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@portal/db';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { MailDelivery } from './delivery.ts';
import * as q from './mail.queries.ts';
import { enqueueMail } from './outbox.ts';

const FROM = { name: 'Event team', address: 'events@portal.test' };

let t: TestApp;
let held: SMTPServer;
let heldUrl = '';
let arrived: () => void = () => {};
let release: () => void = () => {};
const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
const gate = new Promise<void>((resolve) => (release = resolve));
let received = 0;
let catcher: SmtpCatcher;

beforeAll(async () => {
  t = await buildTestApp({ stores: 5 });
  // Takes each message, but answers the first only when the test opens the gate.
  held = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        arrived();
        void gate.then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  heldUrl = `smtp://127.0.0.1:${(held.server.address() as AddressInfo).port}`;
  catcher = await startSmtpCatcher();
}, 120_000);

afterAll(async () => {
  release();
  await new Promise<void>((resolve) => held?.close(() => resolve()));
  await catcher?.close();
  await t?.close();
});

const rows = (ids: number[]) =>
  t.database.db
    .select({ id: schema.outbox.id, status: schema.outbox.status, attempts: schema.outbox.attempts, lockedUntil: schema.outbox.lockedUntil })
    .from(schema.outbox)
    .where(inArray(schema.outbox.id, ids))
    .orderBy(schema.outbox.id);

it('hands back the claims not started when it stops mid-batch; another worker sends them, each once', async () => {
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const { id } = await enqueueMail(t.database.db, { kind: 'confirm-email', to: `release-${n}@example.com`, event: 'nbc', data: { firstName: 'Sam', link: 'http://portal.test/confirm-email/x' } });
    ids.push(id!);
  }
  const worker = new MailDelivery({ db: t.database.db, smtpUrl: heldUrl, from: FROM, publicUrl: 'http://portal.test', pollMs: 50, batchSize: 10 });
  worker.start();
  await firstArrived;
  // All three are claimed; the first is on the wire.
  expect((await rows(ids)).map((r) => r.status)).toEqual(['sending', 'sending', 'sending']);
  const stopped = worker.stop();
  release();
  await stopped;

  expect(received).toBe(1);
  const after = await rows(ids);
  expect(after[0]).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
  // Given back: due again, the attempt not counted, no lease left.
  expect(after.slice(1)).toEqual([
    { id: ids[1], status: 'pending', attempts: 0, lockedUntil: null },
    { id: ids[2], status: 'pending', attempts: 0, lockedUntil: null },
  ]);

  const next = new MailDelivery({ db: t.database.db, smtpUrl: catcher.url, from: FROM, publicUrl: 'http://portal.test' });
  try {
    expect(await next.drain()).toEqual({ sent: 2, failed: 0 });
  } finally {
    await next.stop();
  }
  expect(catcher.mails.map((m) => m.to && 'text' in m.to ? m.to.text : '').sort()).toEqual(['release-2@example.com', 'release-3@example.com']);
  expect((await rows(ids)).map((r) => [r.status, r.attempts])).toEqual([
    ['sent', 1],
    ['sent', 1],
    ['sent', 1],
  ]);
}, 60_000);

it('leaves a claim alone that another worker has taken over since (the attempt fence)', async () => {
  const { id } = await enqueueMail(t.database.db, { kind: 'confirm-email', to: 'fenced@example.com', event: 'nbc', data: { firstName: 'Sam', link: 'http://portal.test/confirm-email/y' } });
  const [stale] = (await q.claimDue(t.database.db, 10, 60_000)).filter((m) => m.id === id);
  expect(stale).toMatchObject({ id, attempts: 1 });
  // The lease ran out and a second worker claimed the row again: attempt 2 holds it now.
  await t.database.db.execute(sql`update mail_outbox set locked_until = now() - interval '1 second' where id = ${id}`);
  const [current] = (await q.claimDue(t.database.db, 10, 60_000)).filter((m) => m.id === id);
  expect(current).toMatchObject({ id, attempts: 2 });

  await q.releaseClaims(t.database.db, [stale!]);
  const [row] = await rows([id!]);
  expect(row).toMatchObject({ status: 'sending', attempts: 2 });
  expect(row!.lockedUntil).not.toBeNull();

  await q.releaseClaims(t.database.db, [current!]);
  expect((await rows([id!]))[0]).toEqual({ id, status: 'pending', attempts: 1, lockedUntil: null });
}, 60_000);
