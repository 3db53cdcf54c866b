/**
 * Erasure (docs/privacy.md): a person's name, e-mail and
 * free text are removed from every table and column where they are stored and replaced by an
 * anonymous marker; ids stay, so every count and report figure is the same before and after.
 *
 * Two passes, in the caller's transaction:
 * 1. **Targeted**, by indexed keys, set-based for any number of people: the person row, mails to
 *    them or about their registrations, audit rows they did or that are about them (their
 *    registrations, their person id), webhook deliveries about them or their registrations (and
 *    their attempts), their e-mail confirmations, links, digest subscriptions and report-user row,
 *    open erasure requests. "Their registrations" are those they attend and those they made for
 *    someone else (their name is in those mails and webhook bodies). Registrations themselves hold
 *    no name or e-mail and are not touched (the count triggers stay quiet). The columns this pass
 *    owns, and those that hold no personal data, are listed in `ERASURE_COVERAGE`.
 * 2. **Catalogue sweep** (`sweepCatalogue`), the safety net for what pass 1 does not know: every
 *    text, JSON and binary column of every table in every non-system schema (pg-boss's job payloads
 *    included, and tables and columns added later), read from pg_catalog at run time, **less the
 *    columns of `ERASURE_COVERAGE`**: rows that still contain the e-mail or the full name
 *    (case-insensitively, inside JSON too) are about the person, and in every swept column of such
 *    a row the e-mail, the full name and the first and last names alone (as words) are replaced by
 *    the marker. A first name alone in a row that names nobody is left (it is anyone's). Each table
 *    is first asked whether it has such a row, so tables without one are not written (no trigger
 *    fires for them). Leaving out the covered columns is what keeps an erasure from reading every
 *    row of the big tables (people, registrations, badges, stores: seconds at 50,000 stores); a
 *    column added to one of them later is not in the list, so it is swept until it is listed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@portal/db';
import { PLACEHOLDER_EMAIL_DOMAIN } from '../../lib/placeholder-email.ts';

/** What replaces a name or an e-mail inside text, JSON and binary values. */
export const ERASED_MARKER = '[erased]';
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'person';

/**
 * The address an erased person keeps: unique, undeliverable, and on the placeholder domain, so every
 * part of the portal already treats it as "no address" (no mail is queued to it, the console shows none).
 */
export function erasedEmail(personId: number): string {
  return `erased-${personId}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}

export interface ErasureTarget {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** A literal inside a PostgreSQL regular expression (ARE). */
export function regexLiteral(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
}

/** `%text%` for (I)LIKE, its wildcards taken literally. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const fullName = (t: ErasureTarget) => `${t.firstName} ${t.lastName}`.trim().replace(/\s+/g, ' ');

/** What is searched everywhere: the e-mail and the full name (real ones only). */
export function sweepNeedles(targets: readonly ErasureTarget[]): string[] {
  const needles = new Set<string>();
  for (const t of targets) {
    if (!t.email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`)) needles.add(t.email.toLowerCase());
    const name = fullName(t);
    if (name.length >= 3) needles.add(name);
  }
  return [...needles];
}

/**
 * What is searched in rows known to be about the person: also the first and the last name alone,
 * as whole words (a name of one letter is left: it would take every such letter with it).
 */
export function relatedPattern(targets: readonly ErasureTarget[]): string | null {
  const parts = sweepNeedles(targets).map(regexLiteral);
  for (const t of targets) {
    for (const word of [t.firstName.trim(), t.lastName.trim()]) if (word.length >= 2) parts.push(`\\m${regexLiteral(word)}\\M`);
  }
  return parts.length ? parts.join('|') : null;
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

/**
 * The columns the catalogue sweep leaves out (`schema.table` -> columns), each for a stated reason:
 * - `targeted`: pass 1 reaches every row of them that is tied to the person, by an indexed key (the
 *   catalogue-walk test of privacy.test.ts proves it for what the portal writes);
 * - `none`: they hold no personal data (ids, codes, hashes, statuses, the dealer network's names,
 *   labels an organizer gives to doors and access codes).
 * A column not listed here, in any table (and every column of a table added later), is swept.
 */
export const ERASURE_COVERAGE: Record<string, { targeted?: readonly string[]; none?: readonly string[] }> = {
  'public.people': { targeted: ['email', 'first_name', 'last_name', 'company'], none: ['store_dlrnum', 'category', 'zone_code', 'report_scope_level', 'report_scope_code'] },
  'public.mail_outbox': {
    targeted: ['to_email', 'subject', 'text_body', 'html_body', 'attachments', 'data', 'dedupe_key', 'last_error'],
    none: ['kind', 'event_id', 'message_id', 'status'],
  },
  'public.audit_log': { targeted: ['actor_email', 'ip', 'detail'], none: ['action', 'event_id'] },
  'public.webhook_deliveries': { targeted: ['body', 'last_error'], none: ['message_id', 'event_type', 'ordering_key', 'status'] },
  'public.webhook_attempts': { targeted: ['error'] },
  'public.email_verifications': { targeted: ['email'], none: ['token_hash'] },
  'public.report_digest_subscriptions': { targeted: ['email'], none: ['event_id'] },
  'public.report_users': { targeted: ['email', 'name'], none: ['report_scope_level', 'report_scope_code'] },
  'public.registrations': { none: ['event_id', 'store_dlrnum', 'attendee_type', 'status', 'provider', 'provider_ref'] },
  'public.registration_tokens': { none: ['token_hash', 'purpose'] },
  'public.badges': { none: ['event_id', 'checked_in_door'] },
  'public.checkin_scans': { none: ['event_id', 'door', 'result', 'first_door'] },
  'public.checkin_devices': { none: ['event_id', 'name', 'pairing_code_hash'] },
  'public.stores': { none: ['dlrnum', 'name', 'city', 'state', 'district_code'] },
  'public.districts': { none: ['code', 'zone_code', 'name'] },
  'public.zones': { none: ['code', 'region_code', 'name'] },
  'public.regions': { none: ['code', 'description'] },
  'public.store_enrollment_counts': { none: ['event_id', 'store_dlrnum'] },
  'public.district_enrollment_counts': { none: ['event_id', 'district_code'] },
  'public.district_store_counts': { none: ['district_code'] },
  'public.zone_enrollment_counts': { none: ['event_id', 'zone_code'] },
  'public.zone_store_counts': { none: ['zone_code'] },
  'public.access_codes': {
    none: ['event_id', 'code_hash', 'label', 'policies', 'reg_type', 'attendee_type', 'person_category', 'agenda_group', 'conference_group', 'faq_group', 'store_dlrnum'],
  },
  'public.events': { none: ['id', 'name', 'provider_event_code'] },
  'public.event_retention': { none: ['event_id'] },
  'public.person_erasures': { none: ['via'] },
  'public.erasure_requests': { none: ['status'] },
  'public.provider_callbacks': { none: ['id', 'provider'] },
  'public.revoked_tokens': { none: ['jti'] },
  'drizzle.__drizzle_migrations': { none: ['hash'] },
};

/** Whether the sweep leaves the column out (see `ERASURE_COVERAGE`). */
export function coveredColumn(schema: string, table: string, column: string): boolean {
  const entry = ERASURE_COVERAGE[`${schema}.${table}`];
  return !!entry && (entry.targeted?.includes(column) === true || entry.none?.includes(column) === true);
}

export interface ErasureCounts {
  people: number;
  mails: number;
  mailsAbout: number;
  auditActorRows: number;
  auditDetailRows: number;
  webhookDeliveries: number;
  webhookAttempts: number;
  emailConfirmations: number;
  links: number;
  digestSubscriptions: number;
  reportUsers: number;
  erasureRequests: number;
  [kind: string]: number;
}

/** Pass 1 (see the file's comment): everything found by key, for all targets at once. */
export async function eraseTargeted(
  tx: DbOrTx,
  targets: readonly ErasureTarget[],
  options: { now: Date; via: 'console' | 'retention'; organizerId: number | null },
): Promise<ErasureCounts> {
  const ids = targets.map((t) => t.id);
  const emails = targets.map((t) => t.email);
  const rows = jsonParam(targets.map((t) => ({ id: t.id, email: t.email, marker: erasedEmail(t.id) })));
  const recordset = sql`jsonb_to_recordset(${rows}) as t(id int, email text, marker text)`;
  const now = options.now.toISOString();
  const patternOf = new Map(targets.map((t) => [t.id, relatedPattern([t])]));
  // Each row is scrubbed with the pattern of the person (or people) it is about, so a batch costs
  // what its rows cost (no pattern of a whole batch).
  const people = jsonParam(targets.map((t) => ({ id: t.id, marker: erasedEmail(t.id), pattern: patternOf.get(t.id) })).filter((t) => t.pattern));
  const personSet = sql`jsonb_to_recordset(${people}) as t(id int, marker text, pattern text)`;
  // Their registrations: those they attend and those they made for someone else (indexed both ways).
  const related = rowsOf<{ id: number; person_id: number }>(
    await tx.execute(sql`
      select r.id, r.attendee_id as person_id from registrations r where r.attendee_id = any(${intArray(ids)})
      union
      select r.id, r.registered_by_id from registrations r where r.registered_by_id = any(${intArray(ids)})`),
  );
  const regPatterns = new Map<number, string[]>();
  for (const r of related) {
    const pattern = patternOf.get(Number(r.person_id));
    if (pattern) regPatterns.set(Number(r.id), [...(regPatterns.get(Number(r.id)) ?? []), pattern]);
  }
  const regSet = sql`jsonb_to_recordset(${jsonParam([...regPatterns].map(([id, patterns]) => ({ key: String(id), pattern: patterns.join('|') })))}) as x(key text, pattern text)`;
  const scrubText = (column: string, pattern: SQL) => sql`regexp_replace(${sql.raw(column)}, ${pattern}, ${ERASED_MARKER}, 'gi')`;

  // Mails to them: only what went out when stays (kind, status, times); a mail not sent yet never goes.
  const mails = await count(
    tx,
    sql`update mail_outbox m set to_email = t.marker, subject = null, text_body = null, html_body = null, attachments = '[]'::jsonb,
      data = case when m.data ? 'registrationId' then jsonb_build_object('registrationId', m.data -> 'registrationId') else '{}'::jsonb end,
      dedupe_key = case when m.dedupe_key is null then null else 'erased|' || m.id end,
      last_error = case when m.status in ('pending', 'sending') then 'Not sent: the recipient was erased.' else null end,
      status = case when m.status in ('pending', 'sending') then 'failed' else m.status end,
      locked_until = null
    from ${recordset} where m.to_email = t.email`,
  );
  // Mails about their registrations to someone else (a manager, a colleague): their name goes from them.
  const mailsAbout = await count(
    tx,
    sql`update mail_outbox m set subject = ${scrubText('m.subject', sql`rel.pattern`)}, text_body = ${scrubText('m.text_body', sql`rel.pattern`)},
      html_body = ${scrubText('m.html_body', sql`rel.pattern`)}, last_error = ${scrubText('m.last_error', sql`rel.pattern`)},
      data = privacy_scrub_jsonb(m.data, rel.pattern, ${ERASED_MARKER}), attachments = privacy_scrub_jsonb(m.attachments, rel.pattern, ${ERASED_MARKER})
    from (
      select m2.id, string_agg(x.pattern, '|') as pattern from ${regSet} join mail_outbox m2 on (m2.data ->> 'registrationId') = x.key group by m2.id
    ) rel
    where m.id = rel.id and concat_ws(' ', m.subject, m.text_body, m.html_body, m.last_error, m.data::text, m.attachments::text) ~* rel.pattern`,
  );
  // What they did: the rows stay (logins per code are counted from them), the address and IP go.
  const auditActorRows = await count(tx, sql`update audit_log a set actor_email = t.marker, ip = null from ${recordset} where a.actor_email = t.email`);
  // What is about them: names and addresses inside the details.
  const auditDetailRows = await count(
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
  // Webhook deliveries about them or their registrations (the body is the JSON sent; a pending one
  // goes out without their name), and what receivers answered to them.
  const about = rowsOf<{ id: number | string; pattern: string }>(
    await tx.execute(sql`
      select y.id, string_agg(y.pattern, '|') as pattern from (
        select d.id, x.pattern from ${regSet} join webhook_deliveries d on d.ordering_key = 'registration:' || x.key
        union
        select d.id, t.pattern from ${personSet} join webhook_deliveries d on d.ordering_key = 'person:' || t.id
      ) y group by y.id`),
  );
  let webhookDeliveries = 0;
  let webhookAttempts = 0;
  if (about.length) {
    const deliverySet = sql`jsonb_to_recordset(${jsonParam(about.map((d) => ({ id: Number(d.id), pattern: d.pattern })))}) as x(id bigint, pattern text)`;
    webhookDeliveries = await count(
      tx,
      sql`update webhook_deliveries d set body = case when d.body ~* x.pattern then privacy_scrub_jsonb(d.body::jsonb, x.pattern, ${ERASED_MARKER})::text else d.body end,
          last_error = ${scrubText('d.last_error', sql`x.pattern`)}
        from ${deliverySet} where d.id = x.id and (d.body ~* x.pattern or d.last_error ~* x.pattern)`,
    );
    webhookAttempts = await count(tx, sql`update webhook_attempts w set error = ${scrubText('w.error', sql`x.pattern`)} from ${deliverySet} where w.delivery_id = x.id and w.error ~* x.pattern`);
  }
  const emailConfirmations = await count(tx, sql`delete from email_verifications where person_id = any(${intArray(ids)}) or email = any(${textArray(emails)})`);
  // Links issued to them stop working (the rows hold only hashes).
  const links = await count(
    tx,
    sql`update registration_tokens set used_at = coalesce(used_at, ${now}::timestamptz), expires_at = least(expires_at, ${now}::timestamptz)
      where registration_id in (select r.id from registrations r where r.attendee_id = any(${intArray(ids)}))
        and (used_at is null or expires_at > ${now}::timestamptz)`,
  );
  const digestSubscriptions = await count(tx, sql`delete from report_digest_subscriptions where person_id = any(${intArray(ids)}) or email = any(${textArray(emails)})`);
  const reportUsers = await count(tx, sql`delete from report_users where email = any(${textArray(emails)})`);
  const erasureRequests = await count(
    tx,
    sql`update erasure_requests set status = 'done', handled_at = ${now}::timestamptz, handled_by = ${options.organizerId}
      where person_id = any(${intArray(ids)}) and status = 'open'`,
  );
  // The person: the id stays (registrations, store managers, counts), nothing naming them does.
  const peopleRows = await count(
    tx,
    sql`update people p set email = t.marker, first_name = ${ERASED_FIRST_NAME}, last_name = ${ERASED_LAST_NAME}, company = null,
      email_verified = false, report_scope_level = null, report_scope_code = null
    from ${recordset} where p.id = t.id`,
  );
  await tx.execute(sql`
    insert into person_erasures (person_id, erased_at, organizer_id, via)
    select x::int, ${now}::timestamptz, ${options.organizerId}, ${options.via} from jsonb_array_elements_text(${jsonParam(ids)}) x
    on conflict do nothing`);
  return {
    people: peopleRows,
    mails,
    mailsAbout,
    auditActorRows,
    auditDetailRows,
    webhookDeliveries,
    webhookAttempts,
    emailConfirmations,
    links,
    digestSubscriptions,
    reportUsers,
    erasureRequests,
  };
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

/**
 * Pass 2 (see the file's comment): replaces the needles wherever they are left, in every column
 * `ERASURE_COVERAGE` does not list. Answers the rows changed per table (`schema.table`).
 */
export async function sweepCatalogue(tx: DbOrTx, targets: readonly ErasureTarget[]): Promise<Record<string, number>> {
  const needles = sweepNeedles(targets);
  const related = relatedPattern(targets);
  if (!needles.length || !related) return {};
  const columns = (await catalogueColumns(tx)).filter((c) => !coveredColumn(c.schema, c.table, c.column));
  const byTable = new Map<string, CatalogueColumn[]>();
  for (const column of columns) {
    const key = `${column.schema}.${column.table}`;
    byTable.set(key, [...(byTable.get(key) ?? []), column]);
  }
  const likes = textArray(needles.map(likeContains));
  // Binary values are searched for the bytes of each needle as written, lower- and upper-case
  // (position() is a plain byte search; encoding whole files to text to ILIKE them cost seconds).
  const byteNeedles = [...new Set(needles.flatMap((n) => [n, n.toLowerCase(), n.toUpperCase()]))];
  const bytesMatch = (col: CatalogueColumn) =>
    sql.join(byteNeedles.map((n) => sql`position(convert_to(${n}::text, 'UTF8') in ${sql.raw(ident(col.column))}) > 0`), sql` or `);
  // A row that names them by e-mail or full name is about them: in it, the first and the last name
  // alone go as well (every text column of the row).
  const pattern = sql`${related}::text`;
  const tables = [...byTable.entries()];
  if (!tables.length) return {};
  const matchOf = (col: CatalogueColumn) => (col.kind === 'bytea' ? sql`(${bytesMatch(col)})` : sql`${sql.raw(searchableText(col))} ilike any(${likes})`);
  const matches = (cols: CatalogueColumn[]) => sql.join(cols.map(matchOf), sql` or `);
  // One round trip says which tables hold a match at all.
  const probe = sql.join(
    tables.map(([, cols], i) => sql`select ${i}::int as i where exists (select 1 from ${sql.raw(`${ident(cols[0]!.schema)}.${ident(cols[0]!.table)}`)} where ${matches(cols)})`),
    sql` union all `,
  );
  const hits = rowsOf<{ i: number }>(await tx.execute(probe)).map((r) => Number(r.i));
  const changed: Record<string, number> = {};
  for (const i of hits) {
    const [key, cols] = tables[i]!;
    const target = sql.raw(`${ident(cols[0]!.schema)}.${ident(cols[0]!.table)}`);
    const sets = sql.join(
      cols.map((col) => sql`${sql.raw(ident(col.column))} = case when ${sql.raw(searchableText(col))} ~* ${pattern} then ${scrubbed(col, pattern)} else ${sql.raw(ident(col.column))} end`),
      sql`, `,
    );
    changed[key] = await count(tx, sql`update ${target} set ${sets} where ${matches(cols)}`);
  }
  return changed;
}
