/** An audit entry's detail object as short "key: value" pairs (no raw JSON on screen). */
export function auditDetailText(detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

export function AuditDetail({ detail }: { detail: Record<string, unknown> | null }) {
  const text = auditDetailText(detail);
  return text ? <span className="small text-break">{text}</span> : <span className="text-body-secondary">—</span>;
}
