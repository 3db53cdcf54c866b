import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language } from '@portal/contracts';
import { namedStatement, schema, type Db, type DbOrTx, type PersonCategory, type Policy } from '@portal/db';
import { coalesce } from '../../lib/coalesce.ts';

const { people, stores, reportUsers } = schema;

const em = alias(people, 'em');
const gm = alias(people, 'gm');

/** The access code's columns a login reads. */
export interface LoginCode {
  id: number;
  label: string;
  policies: Policy[];
  regType: string;
  personCategory: PersonCategory;
  requiresRoster: boolean;
  agendaGroup: string;
  conferenceGroup: string;
  faqGroup: string;
  storeDlrnum: string | null;
  expiresAt: Date | null;
  /** The code's session version, carried by the tokens logged in with it (lib/tokens/tokens.service.ts). */
  sessionVersion: number;
}

export interface LoginContext {
  code: LoginCode;
  isVirtual: boolean;
  personId: number | null;
  firstName: string | null;
  lastName: string | null;
  personCategory: PersonCategory | null;
  emailVerified: boolean | null;
  /** The person's stored language; null when they never chose one (or there is no person yet). */
  language: Language | null;
  storeCode: string | null;
  storeName: string | null;
  executiveManager: string | null;
  generalManager: string | null;
}

type CodeRow = { [K in keyof LoginCode as `code_${K}`]: K extends 'expiresAt' ? string | null : LoginCode[K] } & { isVirtual: boolean };
type PersonRow = Omit<LoginContext, 'code' | 'isVirtual'>;

/**
 * Everything a login needs, for a batch of logins in one round trip: per key (event, code hash,
 * e-mail) the event's active code with that hash and the person with that e-mail (if any) with
 * their store and its managers' names. The keys come as one JSON array (expanded by the database);
 * each answer is a row with its key's index, the code as one JSON text and the person as another
 * (null without a person). A key without a row has an unknown code.
 *
 * The logins of a batch mostly share a code (a conference's dealers all type theirs), so each
 * distinct (event, code hash) is read once per batch, not once per key: per key the database then
 * reads only the person, the store and its two managers. Measured on a batch of 16 dealer logins,
 * that took the backend's CPU from 34 to 21 µs per key (PGlite: 82 to 63 µs at 32 keys). The code's
 * text (about 350 bytes) comes once per batch too, on the row of its first key (`c` is that key's
 * index, on every row of the code): the other rows carry only the index, not another copy to
 * send, decode and look up.
 */
const LOGIN_CONTEXT_SQL = `
  with k as materialized (
    select * from jsonb_to_recordset($1::jsonb) as k(i int, event_id text, code_hash text, email text)
  ),
  codes as materialized (
    select d.event_id, d.code_hash, d.first, row_to_json(c)::text as code
    from (select event_id, code_hash, min(i) as first from k group by event_id, code_hash) d
    cross join lateral (
      select c.id as "code_id", c.label as "code_label", c.policies as "code_policies", c.reg_type as "code_regType",
        c.person_category as "code_personCategory", c.requires_roster as "code_requiresRoster",
        c.agenda_group as "code_agendaGroup", c.conference_group as "code_conferenceGroup", c.faq_group as "code_faqGroup",
        c.store_dlrnum as "code_storeDlrnum", c.expires_at as "code_expiresAt",
        c.session_version as "code_sessionVersion",
        e.is_virtual as "isVirtual"
      from access_codes c
      join events e on e.id = c.event_id
      where c.event_id = d.event_id and c.code_hash = d.code_hash and c.active
      limit 1) c
  )
  select k.i, codes.first as c, case when k.i = codes.first then codes.code end as code, (
    select row_to_json(p)::text
    from (
      select p.id as "personId", p.first_name as "firstName", p.last_name as "lastName", p.category as "personCategory",
        p.email_verified as "emailVerified", p.language as "language",
        st.dlrnum as "storeCode", st.name as "storeName",
        nullif(trim(em.first_name || ' ' || em.last_name), '') as "executiveManager",
        nullif(trim(gm.first_name || ' ' || gm.last_name), '') as "generalManager"
      from people p
      left join stores st on st.dlrnum = p.store_dlrnum
      left join people em on em.id = st.executive_manager_id
      left join people gm on gm.id = st.general_manager_id
      where p.email = k.email
      limit 1) p
  ) as person
  from k
  join codes on codes.event_id = k.event_id and codes.code_hash = k.code_hash`;

export interface LoginKey {
  eventId: string;
  codeHash: string;
  email: string;
}

/**
 * The login lookup (see LOGIN_CONTEXT_SQL). Logins that arrive together share one query
 * (`coalesce`): measured with 50 connections of logins on PostgreSQL, a lookup alone cost the app
 * 161 µs and the database 120 µs of CPU; batched (17 keys on average), 70 and 29 µs. The statement
 * is named and goes straight to the driver (`namedStatement`): drizzle's building and mapping of
 * this select cost as much CPU as the query.
 *
 * An e-mail PostgreSQL cannot hold (a NUL, a lone surrogate) is looked up as no e-mail: no person
 * can have it, and it must not fail the other logins of its batch.
 */
export function prepareLoginContext(db: Db): (key: LoginKey) => Promise<LoginContext | undefined> {
  const query = namedStatement<{ i: number; c: number; code: string | null; person: string | null }>(db, 'login_context_by_code', LOGIN_CONTEXT_SQL);
  return coalesce(async (keys: readonly LoginKey[]) => {
    const json = JSON.stringify(
      keys.map((k, i) => ({ i, event_id: k.eventId, code_hash: k.codeHash, email: storableText(k.email) ? k.email : null })),
    );
    const answers = new Array<LoginContext | undefined>(keys.length);
    const rows = await query([json]);
    // Each code's text comes once, on the row of its first key (c = i): parsed once per batch.
    const codes = new Map<number, { code: LoginCode; isVirtual: boolean }>();
    for (const { c, code } of rows) if (code !== null) codes.set(c, loginCodeOf(code));
    for (const { i, c, person } of rows) {
      const parsed = codes.get(c);
      if (!parsed) throw new Error(`login lookup: no code row for key ${c}`);
      answers[i] = contextOf(parsed, person);
    }
    return answers;
  });
}

/** Text PostgreSQL can store and JSONB can carry: no NUL, no unpaired surrogate. */
function storableText(value: string): boolean {
  return !value.includes('\0') && !UNPAIRED_SURROGATE.test(value);
}
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A code row of the lookup; read-only, as the logins of a batch share it. */
function loginCodeOf(text: string): { code: LoginCode; isVirtual: boolean } {
  const row = JSON.parse(text) as CodeRow;
  const code: LoginCode = {
    id: row.code_id,
    label: row.code_label,
    policies: Object.freeze(row.code_policies) as Policy[],
    regType: row.code_regType,
    personCategory: row.code_personCategory,
    requiresRoster: row.code_requiresRoster,
    agendaGroup: row.code_agendaGroup,
    conferenceGroup: row.code_conferenceGroup,
    faqGroup: row.code_faqGroup,
    storeDlrnum: row.code_storeDlrnum,
    expiresAt: row.code_expiresAt === null ? null : new Date(row.code_expiresAt),
    sessionVersion: row.code_sessionVersion ?? 0,
  };
  return { code: Object.freeze(code), isVirtual: row.isVirtual };
}

/**
 * A key's answer: its code (shared by the batch) and the person part of its row (no person: every
 * person field null), built as one object (no spread of an intermediate person object).
 */
function contextOf(parsed: { code: LoginCode; isVirtual: boolean }, text: string | null): LoginContext {
  const row = text === null ? null : (JSON.parse(text) as PersonRow);
  return {
    code: parsed.code,
    isVirtual: parsed.isVirtual,
    personId: row?.personId ?? null,
    firstName: row?.firstName ?? null,
    lastName: row?.lastName ?? null,
    personCategory: row?.personCategory ?? null,
    emailVerified: row?.emailVerified ?? null,
    language: row?.language ?? null,
    storeCode: row?.storeCode ?? null,
    storeName: row?.storeName ?? null,
    executiveManager: row?.executiveManager ?? null,
    generalManager: row?.generalManager ?? null,
  };
}

/** The store of a per-store access code, with its managers' names, for the login answer. */
export async function findStoreContext(db: DbOrTx, dlrnum: string) {
  const [row] = await db
    .select({
      storeCode: stores.dlrnum,
      storeName: stores.name,
      executiveManager: sql<string | null>`nullif(trim(${em.firstName} || ' ' || ${em.lastName}), '')`,
      generalManager: sql<string | null>`nullif(trim(${gm.firstName} || ' ' || ${gm.lastName}), '')`,
    })
    .from(stores)
    .leftJoin(em, eq(em.id, stores.executiveManagerId))
    .leftJoin(gm, eq(gm.id, stores.generalManagerId))
    .where(eq(stores.dlrnum, dlrnum))
    .limit(1);
  return row;
}

export async function insertPerson(
  db: DbOrTx,
  person: { email: string; firstName: string; lastName: string; category: PersonCategory; storeDlrnum?: string | null; language?: Language | null },
) {
  // Two first logins of one new e-mail at once: the second one reuses the first one's row. An address
  // typed at a login is nobody's confirmed address: reminders and digests wait for its confirmation
  // (no mail to strangers).
  const [row] = await db
    .insert(people)
    .values({ ...person, emailVerified: false })
    .onConflictDoUpdate({ target: people.email, set: { email: sql`excluded.email`, ...(person.language ? { language: person.language } : {}) } })
    .returning({ id: people.id, firstName: people.firstName, lastName: people.lastName });
  return row!;
}

/** Keeps a person's language choice (sent at a login or from the header). */
export async function setPersonLanguage(db: DbOrTx, personId: number, language: Language): Promise<void> {
  await db.update(people).set({ language }).where(eq(people.id, personId));
}

export async function findReportUser(db: DbOrTx, email: string) {
  const [row] = await db.select().from(reportUsers).where(eq(reportUsers.email, email)).limit(1);
  return row;
}

/** Counts a report login of a report user on the list (the report login never adds anyone to it); answers
 * the report user's session version (carried by the token). */
export async function recordReportLogin(db: DbOrTx, email: string, language?: Language): Promise<number> {
  const [row] = await db
    .update(reportUsers)
    .set({ loginCount: sql`${reportUsers.loginCount} + 1`, lastLoginAt: new Date(), ...(language ? { language } : {}) })
    .where(eq(reportUsers.email, email))
    .returning({ sessionVersion: reportUsers.sessionVersion });
  return row?.sessionVersion ?? 0;
}

/** Whether an address (lower-case) belongs to a person or a report user as it is: then it is nobody's alias. */
export async function emailOnFile(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<boolean>`exists (select 1 from people where email = ${email}) or exists (select 1 from report_users where email = ${email})` })
    .from(sql`(select 1) as one`);
  return row?.found === true;
}
