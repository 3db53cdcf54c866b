/** The webhooks' SQL: claiming due deliveries across instances, recording outcomes, the console's lists and changes, the outbox's writes. */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { arrayParam, dateOf, namedStatement, schema, statementIn, type Db, type DbOrTx, type Tx, type WebhookDeliveryStatus } from '@portal/db';
import { pageOffset, pageWithTotal } from '../../lib/rows.ts';

const { webhookEndpoints, webhookDeliveries, webhookAttempts } = schema;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

interface ClaimedRaw {
  id: string | number;
  endpoint_id: number;
  message_id: string;
  body: string;
  attempts: number;
  give_up_at: string | Date;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | Date | null;
}

/** What a claimed delivery's send needs of its endpoint, read by the claim itself. */
export type ClaimedEndpoint = Pick<EndpointRow, 'id' | 'url' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>;

export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  messageId: string;
  body: string;
  /** The attempt this claim is; outcomes are written only while it still holds (a fence). */
  attempts: number;
  giveUpAt: Date;
  endpoint: ClaimedEndpoint;
}

/**
 * Takes up to `limit` due deliveries of enabled endpoints for this worker until `leaseMs` from now,
 * with what their sends need of the endpoint. Rows another worker holds are skipped (SKIP LOCKED); a
 * `sending` row whose lease ran out (its worker died) is taken over. A delivery waits while an
 * earlier one with the same ordering key to the same endpoint is pending or being sent, so one
 * registration's changes go out in order even while an earlier one is retried; only one of a key is
 * ever claimed at a time.
 *
 * One prepared statement a pass (the worker's most frequent), parsed once per connection. The
 * planner needs the table's statistics to check the order through webhook_deliveries_order_idx:
 * without them (a cluster without autovacuum) it may walk the endpoint's whole history instead
 * (docs/benchmarks.md, "Submit p99 pooled over rounds").
 */
export function claimStatement(db: Db, limit: number, leaseMs: number): () => Promise<ClaimedDelivery[]> {
  // Parameters, not literals: without them PostgreSQL keeps one generic plan, made when the table
  // was small, and that plan took 25 ms a claim once it had grown (docs/benchmarks.md, "The sender
  // on its own thread").
  const run = namedStatement<ClaimedRaw>(
    db,
    'webhook_claim_due',
    `update webhook_deliveries d set status = 'sending', attempts = d.attempts + 1,
       locked_until = now() + $2::int * interval '1 millisecond'
     from webhook_endpoints e
     where e.id = d.endpoint_id and d.id in (
       select c.id from webhook_deliveries c
       join webhook_endpoints ce on ce.id = c.endpoint_id and ce.enabled
       where c.status in ('pending', 'sending') and c.next_attempt_at <= now()
         and (c.locked_until is null or c.locked_until < now())
         and (c.ordering_key is null or not exists (
           select 1 from webhook_deliveries p
           where p.endpoint_id = c.endpoint_id and p.ordering_key = c.ordering_key
             and p.id < c.id and p.status in ('pending', 'sending')))
       order by c.next_attempt_at, c.id
       limit $1::int
       for update of c skip locked)
     returning d.id, d.endpoint_id, d.message_id, d.body, d.attempts, d.give_up_at,
       e.url, e.secret, e.previous_secret, e.previous_secret_expires_at`,
  );
  return async () =>
    (await run([limit, leaseMs]))
      .map((r) => ({
        id: Number(r.id),
        endpointId: r.endpoint_id,
        messageId: r.message_id,
        body: r.body,
        attempts: r.attempts,
        giveUpAt: dateOf(r.give_up_at),
        endpoint: {
          id: r.endpoint_id,
          url: r.url,
          secret: r.secret,
          previousSecret: r.previous_secret,
          previousSecretExpiresAt: dateOf(r.previous_secret_expires_at),
        },
      }))
      .sort((a, b) => a.id - b.id);
}

const held = (d: ClaimedDelivery) => and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.attempts, d.attempts), eq(webhookDeliveries.status, 'sending'));

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

/**
 * Records one attempt: delivered, retried after `retryInMs`, or given up (`failed`) when it is null.
 * `disableEndpoint` (a 410) turns the endpoint off in the same transaction. False when the claim
 * no longer held (another worker took the row over after the lease ran out): nothing is written.
 */
export async function recordAttempt(
  db: DbOrTx,
  d: ClaimedDelivery,
  outcome: AttemptOutcome,
  next: { delivered: true } | { delivered: false; retryInMs: number | null; disableEndpoint: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const common = { lockedUntil: null, lastAttemptAt: outcome.at, lastStatusCode: outcome.statusCode, lastError: outcome.error, lastDurationMs: outcome.durationMs };
    const set = next.delivered
      ? { ...common, status: 'delivered' as const, deliveredAt: outcome.at }
      : next.retryInMs === null
        ? { ...common, status: 'failed' as const }
        : { ...common, status: 'pending' as const, nextAttemptAt: sql`now() + ${next.retryInMs} * interval '1 millisecond'` };
    const rows = await tx.update(webhookDeliveries).set(set).where(held(d)).returning({ id: webhookDeliveries.id });
    if (!rows.length) return false;
    await tx.insert(webhookAttempts).values({ deliveryId: d.id, attempt: d.attempts, at: outcome.at, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs });
    if (!next.delivered && next.disableEndpoint) {
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'gone', disabledAt: outcome.at, updatedAt: outcome.at })
        .where(and(eq(webhookEndpoints.id, d.endpointId), eq(webhookEndpoints.enabled, true)));
    }
    return true;
  });
}

/**
 * Records many 2xx attempts in one statement (a worker's pass): each delivery still held by its claim
 * becomes `delivered` and gets its attempt row. Answers the ids recorded; the others' claims had run
 * out (another worker took them over), and nothing is written for them, as in `recordAttempt`.
 */
export async function recordDelivered(db: DbOrTx, done: readonly { d: ClaimedDelivery; outcome: AttemptOutcome }[]): Promise<Set<number>> {
  if (!done.length) return new Set();
  const rows = await recordDeliveredStatement(db, [
    arrayParam(done.map(({ d }) => d.id)),
    arrayParam(done.map(({ d }) => d.attempts)),
    arrayParam(done.map(({ outcome }) => outcome.at.toISOString())),
    arrayParam(done.map(({ outcome }) => outcome.statusCode)),
    arrayParam(done.map(({ outcome }) => outcome.durationMs)),
  ]);
  return new Set(rows.map((r) => Number(r.delivery_id)));
}

/**
 * One text whatever the pass's size (its rows as arrays), so PostgreSQL parses it once per connection;
 * `id = any(...)` keeps its plan on the primary key whatever the statistics say of the arrays.
 */
const recordDeliveredStatement = statementIn<{ delivery_id: string | number }>(
  'webhook_record_delivered',
  `with done (id, attempts, at, status_code, duration_ms) as (
     select * from unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::int[], $5::int[])),
   moved as (
     update webhook_deliveries d set status = 'delivered', delivered_at = done.at, locked_until = null, last_attempt_at = done.at,
       last_status_code = done.status_code, last_error = null, last_duration_ms = done.duration_ms
     from done
     where d.id = any($1::bigint[]) and d.id = done.id and d.attempts = done.attempts and d.status = 'sending'
     returning d.id, done.attempts, done.at, done.status_code, done.duration_ms)
   insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
   select id, attempts, at, status_code, null, duration_ms from moved
   returning delivery_id`,
);

// ---------------------------------------------------------------------------------------------
// Console

export async function listEndpoints(db: DbOrTx) {
  const endpoints = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
  const counts = await db
    .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.status, ['pending', 'sending', 'failed']))
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
  return { endpoints, counts: counts.map((c) => ({ ...c, n: Number(c.n) })) };
}

export async function findEndpoint(db: DbOrTx, id: number, lock = false): Promise<EndpointRow | undefined> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function endpointCounts(db: DbOrTx, id: number): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), inArray(webhookDeliveries.status, ['pending', 'sending', 'failed'])))
    .groupBy(webhookDeliveries.status);
  let pending = 0;
  let failed = 0;
  for (const r of rows) {
    if (r.status === 'failed') failed += Number(r.n);
    else pending += Number(r.n);
  }
  return { pending, failed };
}

export async function listDeliveries(db: DbOrTx, endpointId: number, filter: { status?: WebhookDeliveryStatus | undefined; page: number; pageSize: number }) {
  const where: SQL | undefined = and(eq(webhookDeliveries.endpointId, endpointId), filter.status ? eq(webhookDeliveries.status, filter.status) : undefined);
  const { rows, total } = await pageWithTotal(
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(filter.pageSize).offset(pageOffset(filter)),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  );
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id)))
        .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt))
    : [];
  return { rows, attempts, total };
}

export async function findDelivery(db: DbOrTx, id: number, lock = false): Promise<DeliveryRow | undefined> {
  const query = db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function attemptsOf(db: DbOrTx, deliveryId: number): Promise<AttemptRow[]> {
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));
}

// The outbox (outbox.ts).

/** The ids of the enabled endpoints subscribed to `type`. */
export async function subscribedEndpointIds(tx: DbOrTx, type: string): Promise<number[]> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
  return rows.map((r) => r.id);
}

/** The enabled endpoints subscribed to any of `types`, with their types. */
export async function endpointsSubscribedToAny(tx: DbOrTx, types: readonly string[]): Promise<{ id: number; events: string[] }[]> {
  return tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} ?| ${sql.param(types)}::text[]`));
}

export interface NewDelivery {
  endpointId: number;
  messageId: string;
  eventType: string;
  orderingKey: string | null;
  body: string;
}

/**
 * One event to each of `endpointIds` (one `webhook-id`, one body), due at once and given up
 * `retryWindowMs` later by the database's clock, as mail (a caller's clock may be a test's). Answers
 * their ids, in the order of `endpointIds`. One text for any number of endpoints, and the body sent
 * once: the submit's transaction writes it while it holds the store's row (docs/benchmarks.md,
 * "The sender on its own thread").
 */
export async function insertEventDeliveries(
  tx: DbOrTx,
  endpointIds: readonly number[],
  event: { messageId: string; eventType: string; orderingKey: string | null; body: string },
  retryWindowMs: number,
): Promise<number[]> {
  const rows = await insertEventStatement(tx, [arrayParam(endpointIds), event.messageId, event.eventType, event.orderingKey, event.body, retryWindowMs]);
  return rows.map((r) => Number(r.id));
}

const insertEventStatement = statementIn<{ id: string | number }>(
  'webhook_insert_event',
  `insert into webhook_deliveries (endpoint_id, message_id, event_type, ordering_key, body, give_up_at)
   select t.endpoint_id, $2::text, $3::text, $4::text, $5::text, now() + $6::int * interval '1 millisecond'
   from unnest($1::int[]) with ordinality as t(endpoint_id, n)
   order by t.n
   returning id`,
);

/**
 * One multi-row insert of deliveries (many events), due at once and given up `retryWindowMs` later by
 * the database's clock, answering nothing.
 */
export async function insertDeliveryBatch(tx: DbOrTx, rows: readonly NewDelivery[], retryWindowMs: number): Promise<void> {
  const giveUpAt = sql`now() + ${retryWindowMs} * interval '1 millisecond'`;
  await tx.insert(webhookDeliveries).values(rows.map((r) => ({ ...r, giveUpAt })));
}

// The console's changes (webhooks.service.ts).

/** A new endpoint, its secret a placeholder until the id it is encrypted under is known. Answers the id. */
export async function insertEndpoint(
  tx: Tx,
  values: { url: string; description: string; events: string[]; includeSensitive?: boolean; createdByOrganizerId: number | null; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ url: values.url, description: values.description, events: values.events, includeSensitive: values.includeSensitive ?? false, secret: '-', createdByOrganizerId: values.createdByOrganizerId, createdAt: values.at, updatedAt: values.at })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function setEndpointSecret(tx: Tx, id: number, secret: string): Promise<void> {
  await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, id));
}

export type EndpointChanges = Partial<typeof webhookEndpoints.$inferInsert>;

export async function updateEndpoint(tx: Tx, id: number, changes: EndpointChanges): Promise<void> {
  await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id));
}

/** A delivery that failed is due again now, with `retryWindowMs` to succeed (by the database's clock). */
export async function requeueFailedDelivery(tx: Tx, deliveryId: number, retryWindowMs: number): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, giveUpAt: sql`now() + ${retryWindowMs} * interval '1 millisecond'`, lockedUntil: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'failed')));
}

/** Those of these endpoints that receive sensitive answers (docs/questions.md). */
export async function endpointsIncludingSensitive(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(and(inArray(webhookEndpoints.id, [...ids]), eq(webhookEndpoints.includeSensitive, true)));
  return rows.map((r) => r.id);
}
