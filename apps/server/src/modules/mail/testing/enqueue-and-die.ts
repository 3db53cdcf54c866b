/**
 * A portal process that dies at the worst moment, for the outbox's crash test (mail-crash.test.ts):
 * it commits a mail with the change that caused it, lets its delivery worker claim it, and is
 * killed (SIGKILL) while the SMTP conversation hangs. Arguments: `postgres <url>` or `pglite <dir>`,
 * then the SMTP URL of a server that never answers.
 */
import { openDatabase, schema } from '@portal/db';
import { eq } from 'drizzle-orm';
import { MailDelivery } from '../delivery.ts';
import { enqueueMail } from '../outbox.ts';

const [kind, location, smtpUrl] = process.argv.slice(2);
const database = await openDatabase(kind === 'postgres' ? { url: location, poolSize: 2 } : { dataDir: location });
await database.migrate();
const id = await database.db.transaction(async (tx) => {
  await tx.insert(schema.auditLog).values({ action: 'crash-test-change', success: true });
  const mail = await enqueueMail(tx, { kind: 'registration-link', to: 'survivor@example.com', event: null, data: { firstName: 'Sam', link: 'http://portal.test/register/crash' } });
  return mail.id!;
});
process.stdout.write(`committed ${id}\n`);

const worker = new MailDelivery({ db: database.db, smtpUrl, from: { name: 'Test', address: 'test@portal.test' }, publicUrl: 'http://portal.test', leaseMs: 1_500, pollMs: 50 });
worker.start();
for (;;) {
  const [row] = await database.db.select({ status: schema.outbox.status }).from(schema.outbox).where(eq(schema.outbox.id, id));
  if (row?.status === 'sending') break;
  await new Promise((r) => setTimeout(r, 20));
}
process.stdout.write('claimed\n');
process.kill(process.pid, 'SIGKILL');
