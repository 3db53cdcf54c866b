import Button from 'react-bootstrap/Button';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}

const count = new Intl.NumberFormat('en-US');

/** Previous / next through a server-paged list, with where we are in it. */
export function Pager({ page, pageSize, total, onPage, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center gap-2 my-2">
      <Button size="sm" variant="outline-primary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        {count.format(first)}–{count.format(last)} of {count.format(total)} (page {page} of {pages})
      </span>
      <Button size="sm" variant="outline-primary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
