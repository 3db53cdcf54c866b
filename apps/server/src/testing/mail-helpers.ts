/** Test helpers around the mail outbox: read what was queued and follow the links in it. */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schema, type Db } from '@portal/db';

/** The outbox rows queued to an address, newest first. */
export async function mailsTo(db: Db, email: string, kind?: string) {
  const { outbox } = schema;
  return db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.toEmail, email.toLowerCase()), eq(outbox.kind, kind)) : eq(outbox.toEmail, email.toLowerCase()))
    .orderBy(desc(outbox.id));
}

/** Opens the newest confirmation link mailed to an address, as its owner would; fails without one. */
export async function confirmEmailFromOutbox(app: FastifyInstance, db: Db, email: string): Promise<void> {
  const [mail] = await mailsTo(db, email, 'confirm-email');
  const link = mail?.data.link;
  if (typeof link !== 'string') throw new Error(`no confirmation mail to ${email}`);
  const res = await app.inject({ method: 'POST', url: new URL(link).pathname });
  if (res.statusCode !== 200) throw new Error(`confirming ${email} answered ${res.statusCode}`);
}
