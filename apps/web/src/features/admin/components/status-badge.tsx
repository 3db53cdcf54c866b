import Badge from 'react-bootstrap/Badge';
import { sentenceCase } from '../utils/labels.ts';

const VARIANTS: Record<string, { bg: string; text?: 'dark' }> = {
  Enrolled: { bg: 'success' },
  Pending: { bg: 'warning', text: 'dark' },
  Cancelled: { bg: 'secondary' },
  Waitlisted: { bg: 'info', text: 'dark' },
  Offered: { bg: 'primary' },
  Expired: { bg: 'secondary' },
  sent: { bg: 'success' },
  delivered: { bg: 'success' },
  pending: { bg: 'info', text: 'dark' },
  sending: { bg: 'info', text: 'dark' },
  failed: { bg: 'danger' },
};

/** A status as a coloured label (the word itself carries the meaning, not the colour). */
export function StatusBadge({ status }: { status: string }) {
  const variant = VARIANTS[status] ?? { bg: 'light', text: 'dark' as const };
  return (
    <Badge bg={variant.bg} {...(variant.text ? { text: variant.text } : {})}>
      {sentenceCase(status)}
    </Badge>
  );
}
