import { statementIn, type DbOrTx, type schema } from '@portal/db';
import type { StatementPart } from './statements-together.ts';

/** Who does a console change: the organizer and the client address, written on every audit row. */
export interface Actor {
  organizerId: number;
  email: string;
  ip: string;
}

export interface AuditEntry {
  action: string;
  success: boolean;
  actorEmail?: string | null;
  eventId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
  /** Set for actions done by an organizer in the console. */
  organizerId?: number | null;
}

export function auditRow(entry: AuditEntry): typeof schema.auditLog.$inferInsert {
  return {
    action: entry.action,
    success: entry.success,
    actorEmail: entry.actorEmail ?? null,
    eventId: entry.eventId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
    organizerId: entry.organizerId ?? null,
    at: new Date(),
  };
}

/** Writes one audit row as part of `db`'s transaction (commits or rolls back with it). */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAuditStatement(db, auditParams(entry));
}

/** The parameters of one audit row ($1-$8 of AUDIT_INSERT_SQL): `auditRow`'s values, the detail as JSON text. */
function auditParams(entry: AuditEntry): unknown[] {
  const row = auditRow(entry);
  return [row.at, row.action, row.success, row.actorEmail, row.eventId, row.ip, row.detail == null ? null : JSON.stringify(row.detail), row.organizerId];
}

/** One audit row from auditParams' $1-$8. */
const AUDIT_INSERT_SQL = `insert into audit_log (at, action, success, actor_email, event_id, ip, detail, organizer_id)
   values ($1::timestamptz, $2, $3::boolean, $4, $5, $6, $7::jsonb, $8::integer)`;

/**
 * A named statement (statementIn): every change of a registration writes its row, and a fixed text is
 * parsed and planned once per connection, without drizzle's building of the insert.
 */
const insertAuditStatement = statementIn('audit_log_insert', AUDIT_INSERT_SQL);

/** audit's row as a part of a statement of several writes (writeTogether). */
export function auditPart(entry: AuditEntry): StatementPart {
  return { name: 'audit', texts: [AUDIT_INSERT_SQL], params: auditParams(entry) };
}
