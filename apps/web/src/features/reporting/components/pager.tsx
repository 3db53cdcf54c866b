import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useT } from '../../../i18n/use-t.ts';

export interface PagerProps {
  /** What is paged, for the navigation's accessible name, e.g. "Coverage Gaps pages". */
  label: string;
  total: number;
  offset: number;
  limit: number;
  /** A page is being loaded (the previous one stays shown). */
  busy?: boolean;
  onChange: (offset: number) => void;
}

/**
 * Pages of a server-paged table: "Rows 101–200 of 1,234", First / Previous / Next / Last. Plain
 * buttons, so Tab and Enter or Space work; the position is announced politely when it changes.
 */
export function Pager({ label, total, offset, limit, busy = false, onChange }: PagerProps) {
  const t = useT();
  if (total <= limit && offset === 0) return null;
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(total, offset + limit);
  const go = (target: number) => onChange(Math.max(0, Math.min(pages - 1, target - 1)) * limit);
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center gap-2 mb-2">
      <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => go(1)}>
        {t('reporting.pager.first')}
      </Button>
      <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t('reporting.pager.previous')}
      </Button>
      <span role="status" aria-live="polite" className="px-1">
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('reporting.pager.position', { page, pages, first, last, total })}
        {busy && <span className="visually-hidden"> {t('reporting.pager.loading')}</span>}
      </span>
      <Button variant="outline-secondary" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t('reporting.pager.next')}
      </Button>
      <Button variant="outline-secondary" size="sm" disabled={page >= pages} onClick={() => go(pages)}>
        {t('reporting.pager.last')}
      </Button>
    </nav>
  );
}
