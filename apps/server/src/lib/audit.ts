import { schema, type DbOrTx } from '@portal/db';

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
  await db.insert(schema.auditLog).values(auditRow(entry));
}
