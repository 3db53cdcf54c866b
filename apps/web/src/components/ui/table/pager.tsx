import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** Where the pager stands, for its position text. */
export interface PagerPosition {
  page: number;
  pages: number;
  /** First and last row shown (1-based), and how many there are. */
  first: number;
  last: number;
  total: number;
}

/** The pager's words. */
export interface PagerText {
  first: string;
  previous: string;
  next: string;
  last: string;
  position: (at: PagerPosition) => string;
  /** Told to screen readers while the next page loads. */
  loading: string;
}

const count = new Intl.NumberFormat('en-US');

/** The console's words (the console is in English). */
export const CONSOLE_PAGER_TEXT: PagerText = {
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  last: 'Last',
  position: ({ first, last, total, page, pages }) => `${count.format(first)}–${count.format(last)} of ${count.format(total)} (page ${page} of ${pages})`,
  loading: '(loading)',
};

export interface PagerProps {
  /** What is paged, for the navigation's accessible name, e.g. "Coverage Gaps pages". */
  label: string;
  total: number;
  /** The first row shown (0-based) and how many a page holds. */
  offset: number;
  limit: number;
  /** A page is being loaded (the previous one stays shown). */
  busy?: boolean;
  onChange: (offset: number) => void;
  /**
   * `list` (a console list): Previous / Next, always shown. `report` (a long server-paged report):
   * First / Previous / Next / Last, shown only when the rows do not fit on one page.
   */
  variant?: 'list' | 'report';
  text?: PagerText;
}

/**
 * Pages of a server-paged table, with where we are in it. Plain buttons, so Tab and Enter or Space
 * work; the position is announced politely when it changes.
 */
export function Pager({ label, total, offset, limit, busy = false, onChange, variant = 'list', text = CONSOLE_PAGER_TEXT }: PagerProps) {
  const report = variant === 'report';
  if (report && total <= limit && offset === 0) return null;
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(total, offset + limit);
  const go = (target: number) => onChange(Math.max(0, Math.min(pages - 1, target - 1)) * limit);
  const look = report ? 'outline-secondary' : 'outline-primary';
  const button = (label: string, target: number, disabled: boolean) => (
    <Button variant={look} size="sm" disabled={disabled} onClick={() => go(target)}>
      {label}
    </Button>
  );
  return (
    <nav aria-label={label} className={`d-flex flex-wrap align-items-center gap-2 ${report ? 'mb-2' : 'my-2'}`}>
      {report && button(text.first, 1, page <= 1)}
      {button(text.previous, page - 1, page <= 1)}
      <span {...(report ? { role: 'status', className: 'px-1' } : {})} aria-live="polite">
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {text.position({ page, pages, first, last, total })}
        {busy && <span className="visually-hidden"> {text.loading}</span>}
      </span>
      {button(text.next, page + 1, page >= pages)}
      {report && button(text.last, pages, page >= pages)}
    </nav>
  );
}

/** The pager of a list whose place is a page number (the console keeps `page` in the URL). */
export function PageNumberPager({ page, pageSize, onPage, ...rest }: Omit<PagerProps, 'offset' | 'limit' | 'onChange'> & { page: number; pageSize: number; onPage: (page: number) => void }) {
  return <Pager {...rest} offset={(page - 1) * pageSize} limit={pageSize} onChange={(offset) => onPage(offset / pageSize + 1)} />;
}
