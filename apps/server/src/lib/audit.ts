import { schema, type DbOrTx } from '@portal/db';

export interface AuditEntry {
  action: string;
  success: boolean;
  actorEmail?: string | null;
  eventId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    action: entry.action,
    success: entry.success,
    actorEmail: entry.actorEmail ?? null,
    eventId: entry.eventId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
  });
}
