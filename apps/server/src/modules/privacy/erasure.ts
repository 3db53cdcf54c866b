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
 *    open erasure requests, the answers to the event's questions of the registrations they attend
 *    (deleted: a sharing colleague's or a guest's name in someone else's answers is left to pass 2). "Their registrations" are those they attend and those they made for
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
import type { DbOrTx } from '@portal/db';
import { PLACEHOLDER_EMAIL_DOMAIN } from '../../lib/placeholder-email.ts';
import { eraseAnswersOfAttendees } from '../questions/questions.service.ts';
import { erasedEmail } from './erasure-markers.ts';
import {
  catalogueColumns,
  closeErasureRequests,
  deleteDigestSubscriptions,
  deleteEmailConfirmations,
  deleteReportUsers,
  deliveriesAbout,
  dropAnswersFromDeliveries,
  eraseAuditActor,
  eraseMailsTo,
  erasePeopleRows,
  expireLinksOf,
  recordErasures,
  registrationsOfPeople,
  scrubAuditDetails,
  scrubMailsAbout,
  scrubTable,
  scrubWebhookAttempts,
  scrubWebhookDeliveries,
  tablesWithMatch,
  type CatalogueColumn,
  type ErasureTarget,
} from './erasure.queries.ts';


/** A literal inside a PostgreSQL regular expression (ARE). */
export function regexLiteral(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
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
  'public.personal_data_links': { none: ['token_hash', 'purpose', 'event_id'] },
  'public.badges': { none: ['event_id', 'checked_in_door'] },
  'public.checkin_scans': { none: ['event_id', 'door', 'result', 'first_door', 'decision'] },
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
  'public.questions': { none: ['event_id', 'key', 'label', 'help', 'type', 'options', 'audience', 'when'] },
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
  const rows = targets.map((t) => ({ id: t.id, email: t.email, marker: erasedEmail(t.id) }));
  const now = options.now.toISOString();
  const patternOf = new Map(targets.map((t) => [t.id, relatedPattern([t])]));
  // Each row is scrubbed with the pattern of the person (or people) it is about, so a batch costs
  // what its rows cost (no pattern of a whole batch).
  const people = targets.map((t) => ({ id: t.id, marker: erasedEmail(t.id), pattern: patternOf.get(t.id) ?? null })).filter((t) => t.pattern);
  // Their registrations: those they attend and those they made for someone else.
  const related = await registrationsOfPeople(tx, ids);
  const regPatterns = new Map<number, string[]>();
  for (const r of related) {
    const pattern = patternOf.get(r.personId);
    if (pattern) regPatterns.set(r.id, [...(regPatterns.get(r.id) ?? []), pattern]);
  }
  const regs = [...regPatterns].map(([id, patterns]) => ({ key: String(id), pattern: patterns.join('|') }));

  const mails = await eraseMailsTo(tx, rows);
  const mailsAbout = await scrubMailsAbout(tx, regs);
  const auditActorRows = await eraseAuditActor(tx, rows);
  const auditDetailRows = await scrubAuditDetails(tx, regs, people);
  // Webhook deliveries about them or their registrations, and what receivers answered to them.
  const about = await deliveriesAbout(tx, regs, people);
  let webhookDeliveries = 0;
  let webhookAttempts = 0;
  if (about.length) {
    webhookDeliveries = await scrubWebhookDeliveries(tx, about);
    webhookAttempts = await scrubWebhookAttempts(tx, about);
  }
  const emailConfirmations = await deleteEmailConfirmations(tx, ids, emails);
  const links = await expireLinksOf(tx, ids, now);
  const digestSubscriptions = await deleteDigestSubscriptions(tx, ids, emails);
  const reportUsers = await deleteReportUsers(tx, emails);
  const answers = await eraseAnswersOfAttendees(tx, ids);
  const webhookAnswers = await dropAnswersFromDeliveries(tx, ids);
  const erasureRequests = await closeErasureRequests(tx, ids, now, options.organizerId);
  const peopleRows = await erasePeopleRows(tx, rows);
  await recordErasures(tx, ids, now, options.organizerId, options.via);
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
    answers,
    webhookAnswers,
  };
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
  const tables = [...byTable.entries()];
  if (!tables.length) return {};
  const hits = await tablesWithMatch(
    tx,
    tables.map(([, cols]) => cols),
    needles,
  );
  const changed: Record<string, number> = {};
  for (const i of hits) {
    const [key, cols] = tables[i]!;
    changed[key] = await scrubTable(tx, cols, needles, related);
  }
  return changed;
}
