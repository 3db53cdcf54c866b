/**
 * The statements of erasure (erasure.ts says what each pass does and why): the targeted pass's
 * updates and deletes by key, and the catalogue sweep's reads of pg_catalog and its per-table
 * probes and updates.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@portal/db';
import { ERASED_FIRST_NAME, ERASED_LAST_NAME, ERASED_MARKER } from './erasure-markers.ts';

export interface ErasureTarget {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
// `array(select ...)`: an array value (`= any((select array_agg ...))` would compare with each row of a set).
const intArray = (ids: readonly number[]) => sql`array(select x::int from jsonb_array_elements_text(${jsonParam(ids)}) x)`;
const textArray = (texts: readonly string[]) => sql`array(select x from jsonb_array_elements_text(${jsonParam(texts)}) x)`;

async function count(tx: DbOrTx, statement: SQL): Promise<number> {
  return rowsOf<{ n: number | string }>(await tx.execute(sql`with changed as (${statement} returning 1) select count(*)::int as n from changed`)).map((r) => Number(r.n))[0] ?? 0;
}

/** Locks and reads the people to erase (those not erased already). */
export async function lockTargets(tx: DbOrTx, personIds: readonly number[]): Promise<ErasureTarget[]> {
  const rows = rowsOf<{ id: number; email: string; first_name: string; last_name: string }>(
    await tx.execute(sql`
      select p.id, p.email, p.first_name, p.last_name from people p
      where p.id = any(${intArray(personIds)}) and not exists (select 1 from person_erasures e where e.person_id = p.id)
      order by p.id
      for update of p`),
  );
  return rows.map((r) => ({ id: Number(r.id), email: r.email, firstName: r.first_name, lastName: r.last_name }));
}

/** A person of the targeted pass: their id, their address and the address they keep. */
export interface TargetRow {
  id: number;
  email: string;
  marker: string;
}

/** A person and the pattern of their names (erasure.ts's `relatedPattern`). */
export interface PersonPattern {
  id: number;
  marker: string;
  pattern: string | null;
}

/** A registration (its id as text) and the patterns of the people it is about, joined by `|`. */
export interface RegistrationPattern {
  key: string;
  pattern: string;
}

const recordsetOf = (targets: readonly TargetRow[]) => sql`jsonb_to_recordset(${jsonParam(targets)}) as t(id int, email text, marker text)`;
const personSetOf = (people: readonly PersonPattern[]) => sql`jsonb_to_recordset(${jsonParam(people)}) as t(id int, marker text, pattern text)`;
const regSetOf = (registrations: readonly RegistrationPattern[]) => sql`jsonb_to_recordset(${jsonParam(registrations)}) as x(key text, pattern text)`;
const scrubText = (column: string, pattern: SQL) => sql`regexp_replace(${sql.raw(column)}, ${pattern}, ${ERASED_MARKER}, 'gi')`;

/** Their registrations: those they attend and those they made for someone else (indexed both ways). */
export async function registrationsOfPeople(tx: DbOrTx, ids: readonly number[]): Promise<{ id: number; personId: number }[]> {
  const related = rowsOf<{ id: number; person_id: number }>(
    await tx.execute(sql`
      select r.id, r.attendee_id as person_id from registrations r where r.attendee_id = any(${intArray(ids)})
      union
      select r.id, r.registered_by_id from registrations r where r.registered_by_id = any(${intArray(ids)})`),
  );
  return related.map((r) => ({ id: Number(r.id), personId: Number(r.person_id) }));
}

/** Mails to them: only what went out when stays (kind, status, times); a mail not sent yet never goes. */
export async function eraseMailsTo(tx: DbOrTx, targets: readonly TargetRow[]): Promise<number> {
  return count(
    tx,
    sql`update mail_outbox m set to_email = t.marker, subject = null, text_body = null, html_body = null, attachments = '[]'::jsonb,
      data = case when m.data ? 'registrationId' then jsonb_build_object('registrationId', m.data -> 'registrationId') else '{}'::jsonb end,
      dedupe_key = case when m.dedupe_key is null then null else 'erased|' || m.id end,
      last_error = case when m.status in ('pending', 'sending') then 'Not sent: the recipient was erased.' else null end,
      status = case when m.status in ('pending', 'sending') then 'failed' else m.status end,
      locked_until = null
    from ${recordsetOf(targets)} where m.to_email = t.email`,
  );
}

/** Mails about their registrations to someone else (a manager, a colleague): their name goes from them. */
export async function scrubMailsAbout(tx: DbOrTx, registrations: readonly RegistrationPattern[]): Promise<number> {
  return count(
    tx,
    sql`update mail_outbox m set subject = ${scrubText('m.subject', sql`rel.pattern`)}, text_body = ${scrubText('m.text_body', sql`rel.pattern`)},
      html_body = ${scrubText('m.html_body', sql`rel.pattern`)}, last_error = ${scrubText('m.last_error', sql`rel.pattern`)},
      data = privacy_scrub_jsonb(m.data, rel.pattern, ${ERASED_MARKER}), attachments = privacy_scrub_jsonb(m.attachments, rel.pattern, ${ERASED_MARKER})
    from (
      select m2.id, string_agg(x.pattern, '|') as pattern from ${regSetOf(registrations)} join mail_outbox m2 on (m2.data ->> 'registrationId') = x.key group by m2.id
    ) rel
    where m.id = rel.id and concat_ws(' ', m.subject, m.text_body, m.html_body, m.last_error, m.data::text, m.attachments::text) ~* rel.pattern`,
  );
}

/** What they did: the rows stay (logins per code are counted from them), the address and IP go. */
export async function eraseAuditActor(tx: DbOrTx, targets: readonly TargetRow[]): Promise<number> {
  return count(tx, sql`update audit_log a set actor_email = t.marker, ip = null from ${recordsetOf(targets)} where a.actor_email = t.email`);
}

/** What is about them: names and addresses inside the details. */
export async function scrubAuditDetails(tx: DbOrTx, registrations: readonly RegistrationPattern[], people: readonly PersonPattern[]): Promise<number> {
  const regSet = regSetOf(registrations);
  const personSet = personSetOf(people);
  return count(
    tx,
    sql`update audit_log a set detail = privacy_scrub_jsonb(a.detail, rel.pattern, ${ERASED_MARKER})
      from (
        select y.audit_id, string_agg(y.pattern, '|') as pattern from (
          select a2.id as audit_id, x.pattern from ${regSet} join audit_log a2 on (a2.detail ->> 'registrationId') = x.key
          union
          select a2.id, t.pattern from ${personSet} join audit_log a2 on (a2.detail ->> 'personId') = t.id::text
          union
          select a2.id, t.pattern from ${personSet} join audit_log a2 on a2.actor_email = t.marker
        ) y group by y.audit_id
      ) rel
      where a.id = rel.audit_id and a.detail::text ~* rel.pattern`,
  );
}

/** Webhook deliveries about them or their registrations, with the patterns to scrub each with. */
export async function deliveriesAbout(tx: DbOrTx, registrations: readonly RegistrationPattern[], people: readonly PersonPattern[]): Promise<{ id: number; pattern: string }[]> {
  const about = rowsOf<{ id: number | string; pattern: string }>(
    await tx.execute(sql`
      select y.id, string_agg(y.pattern, '|') as pattern from (
        select d.id, x.pattern from ${regSetOf(registrations)} join webhook_deliveries d on d.ordering_key = 'registration:' || x.key
        union
        select d.id, t.pattern from ${personSetOf(people)} join webhook_deliveries d on d.ordering_key = 'person:' || t.id
      ) y group by y.id`),
  );
  return about.map((d) => ({ id: Number(d.id), pattern: d.pattern }));
}

const deliverySetOf = (deliveries: readonly { id: number; pattern: string }[]) =>
  sql`jsonb_to_recordset(${jsonParam(deliveries.map((d) => ({ id: d.id, pattern: d.pattern })))}) as x(id bigint, pattern text)`;

/** The bodies (the JSON sent; a pending one goes out without their name) and errors of these deliveries. */
export async function scrubWebhookDeliveries(tx: DbOrTx, deliveries: readonly { id: number; pattern: string }[]): Promise<number> {
  return count(
    tx,
    sql`update webhook_deliveries d set body = case when d.body ~* x.pattern then privacy_scrub_jsonb(d.body::jsonb, x.pattern, ${ERASED_MARKER})::text else d.body end,
        last_error = ${scrubText('d.last_error', sql`x.pattern`)}
      from ${deliverySetOf(deliveries)} where d.id = x.id and (d.body ~* x.pattern or d.last_error ~* x.pattern)`,
  );
}

/** What receivers answered to these deliveries. */
export async function scrubWebhookAttempts(tx: DbOrTx, deliveries: readonly { id: number; pattern: string }[]): Promise<number> {
  return count(tx, sql`update webhook_attempts w set error = ${scrubText('w.error', sql`x.pattern`)} from ${deliverySetOf(deliveries)} where w.delivery_id = x.id and w.error ~* x.pattern`);
}

export async function deleteEmailConfirmations(tx: DbOrTx, ids: readonly number[], emails: readonly string[]): Promise<number> {
  return count(tx, sql`delete from email_verifications where person_id = any(${intArray(ids)}) or email = any(${textArray(emails)})`);
}

/** Links issued to them stop working (the rows hold only hashes). `now` is an ISO timestamp. */
export async function expireLinksOf(tx: DbOrTx, ids: readonly number[], now: string): Promise<number> {
  // Their mailed download and erasure-confirmation links go too.
  await tx.execute(sql`delete from personal_data_links where person_id = any(${intArray(ids)})`);
  return count(
    tx,
    sql`update registration_tokens set used_at = coalesce(used_at, ${now}::timestamptz), expires_at = least(expires_at, ${now}::timestamptz)
      where registration_id in (select r.id from registrations r where r.attendee_id = any(${intArray(ids)}))
        and (used_at is null or expires_at > ${now}::timestamptz)`,
  );
}

export async function deleteDigestSubscriptions(tx: DbOrTx, ids: readonly number[], emails: readonly string[]): Promise<number> {
  return count(tx, sql`delete from report_digest_subscriptions where person_id = any(${intArray(ids)}) or email = any(${textArray(emails)})`);
}

export async function deleteReportUsers(tx: DbOrTx, emails: readonly string[]): Promise<number> {
  return count(tx, sql`delete from report_users where email = any(${textArray(emails)})`);
}

/** Their open erasure requests are done. `now` is an ISO timestamp. */
export async function closeErasureRequests(tx: DbOrTx, ids: readonly number[], now: string, organizerId: number | null): Promise<number> {
  return count(
    tx,
    sql`update erasure_requests set status = 'done', handled_at = ${now}::timestamptz, handled_by = ${organizerId}
      where person_id = any(${intArray(ids)}) and status = 'open'`,
  );
}

/** The person: the id stays (registrations, store managers, counts), nothing naming them does. */
export async function erasePeopleRows(tx: DbOrTx, targets: readonly TargetRow[]): Promise<number> {
  return count(
    tx,
    sql`update people p set email = t.marker, first_name = ${ERASED_FIRST_NAME}, last_name = ${ERASED_LAST_NAME}, company = null,
      email_verified = false, report_scope_level = null, report_scope_code = null
    from ${recordsetOf(targets)} where p.id = t.id`,
  );
}

/** `now` is an ISO timestamp. */
export async function recordErasures(tx: DbOrTx, ids: readonly number[], now: string, organizerId: number | null, via: 'console' | 'retention'): Promise<void> {
  await tx.execute(sql`
    insert into person_erasures (person_id, erased_at, organizer_id, via)
    select x::int, ${now}::timestamptz, ${organizerId}, ${via} from jsonb_array_elements_text(${jsonParam(ids)}) x
    on conflict do nothing`);
}

export interface CatalogueColumn {
  schema: string;
  table: string;
  column: string;
  kind: 'text' | 'json' | 'jsonb' | 'bytea' | 'text[]';
}

/**
 * Every text, JSON, binary and text-array column of every table in every non-system schema, from
 * pg_catalog. Partitions are reached through their parent table (pg-boss's job table is one).
 */
export async function catalogueColumns(tx: DbOrTx, options: { partitions?: boolean } = {}): Promise<CatalogueColumn[]> {
  const rows = rowsOf<{ schema: string; table: string; column: string; type: string; category: string; elem_category: string | null }>(
    await tx.execute(sql`
      select n.nspname as schema, c.relname as table, a.attname as column, t.typname as type, t.typcategory as category, et.typcategory as elem_category
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_type t on t.oid = a.atttypid
      left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
      where c.relkind in ('r', 'p') and (${options.partitions ?? false} or not c.relispartition)
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        and a.attgenerated = ''
      order by 1, 2, a.attnum`),
  );
  const columns: CatalogueColumn[] = [];
  for (const r of rows) {
    const kind: CatalogueColumn['kind'] | null =
      r.type === 'json' ? 'json' : r.type === 'jsonb' ? 'jsonb' : r.type === 'bytea' ? 'bytea' : r.category === 'S' ? 'text' : r.category === 'A' && r.elem_category === 'S' ? 'text[]' : null;
    if (kind) columns.push({ schema: r.schema, table: r.table, column: r.column, kind });
  }
  return columns;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The column as text the needles are looked for in. */
export function searchableText(column: CatalogueColumn): string {
  const c = ident(column.column);
  if (column.kind === 'text') return c;
  if (column.kind === 'bytea') return `encode(${c}, 'escape')`;
  return `${c}::text`;
}

function scrubbed(column: CatalogueColumn, pattern: SQL): SQL {
  const c = sql.raw(ident(column.column));
  switch (column.kind) {
    case 'text':
      return sql`regexp_replace(${c}, ${pattern}, ${ERASED_MARKER}, 'gi')`;
    case 'jsonb':
      return sql`privacy_scrub_jsonb(${c}, ${pattern}, ${ERASED_MARKER})`;
    case 'json':
      return sql`privacy_scrub_jsonb(${c}::jsonb, ${pattern}, ${ERASED_MARKER})::json`;
    case 'bytea':
      return sql`decode(regexp_replace(encode(${c}, 'escape'), ${pattern}, ${ERASED_MARKER}, 'gi'), 'escape')`;
    case 'text[]':
      return sql`array(select regexp_replace(u.x, ${pattern}, ${ERASED_MARKER}, 'gi') from unnest(${c}) with ordinality as u(x, i) order by u.i)`;
  }
}

/** `%text%` for (I)LIKE, its wildcards taken literally. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Which of these tables (each given by its swept columns) hold a row naming one of the needles: their indexes. */
export async function tablesWithMatch(tx: DbOrTx, tables: readonly CatalogueColumn[][], needles: readonly string[]): Promise<number[]> {
  const matches = matchesOf(needles);
  // One round trip says which tables hold a match at all.
  const probe = sql.join(
    tables.map((cols, i) => sql`select ${i}::int as i where exists (select 1 from ${sql.raw(`${ident(cols[0]!.schema)}.${ident(cols[0]!.table)}`)} where ${matches(cols)})`),
    sql` union all `,
  );
  return rowsOf<{ i: number }>(await tx.execute(probe)).map((r) => Number(r.i));
}

/**
 * In the rows of one table naming one of the needles, every swept column matching `related` has it
 * replaced by the marker. Answers the rows changed.
 */
export async function scrubTable(tx: DbOrTx, cols: readonly CatalogueColumn[], needles: readonly string[], related: string): Promise<number> {
  const matches = matchesOf(needles);
  // A row that names them by e-mail or full name is about them: in it, the first and the last name
  // alone go as well (every text column of the row).
  const pattern = sql`${related}::text`;
  const target = sql.raw(`${ident(cols[0]!.schema)}.${ident(cols[0]!.table)}`);
  const sets = sql.join(
    cols.map((col) => sql`${sql.raw(ident(col.column))} = case when ${sql.raw(searchableText(col))} ~* ${pattern} then ${scrubbed(col, pattern)} else ${sql.raw(ident(col.column))} end`),
    sql`, `,
  );
  return count(tx, sql`update ${target} set ${sets} where ${matches(cols)}`);
}

/** The condition "this row names one of the needles", over a table's swept columns. */
function matchesOf(needles: readonly string[]): (cols: readonly CatalogueColumn[]) => SQL {
  const likes = textArray(needles.map(likeContains));
  // Binary values are searched for the bytes of each needle as written, lower- and upper-case
  // (position() is a plain byte search; encoding whole files to text to ILIKE them cost seconds).
  const byteNeedles = [...new Set(needles.flatMap((n) => [n, n.toLowerCase(), n.toUpperCase()]))];
  const bytesMatch = (col: CatalogueColumn) =>
    sql.join(byteNeedles.map((n) => sql`position(convert_to(${n}::text, 'UTF8') in ${sql.raw(ident(col.column))}) > 0`), sql` or `);
  const matchOf = (col: CatalogueColumn) => (col.kind === 'bytea' ? sql`(${bytesMatch(col)})` : sql`${sql.raw(searchableText(col))} ilike any(${likes})`);
  return (cols) => sql.join(cols.map(matchOf), sql` or `);
}

/**
 * The answers to the event's questions in webhook bodies about the registrations these people
 * attend (a pending delivery then goes out without them): they hold what the person told the event
 * team about their health or needs, not only their name.
 */
export async function dropAnswersFromDeliveries(tx: DbOrTx, ids: readonly number[]): Promise<number> {
  return count(
    tx,
    sql`update webhook_deliveries d set body = (d.body::jsonb #- '{data,answers}')::text
      where d.ordering_key in (select 'registration:' || r.id from registrations r where r.attendee_id = any(${intArray(ids)}))
        and (d.body::jsonb -> 'data' -> 'answers') is not null`,
  );
}
