/** `sort` values are a field name, with `-` in front for descending (the admin API's convention). */
export function nextSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}

export interface SortHeaderProps {
  column: string;
  label: string;
  /** The list's sort now, e.g. `-updatedAt`. */
  current: string;
  onSort: (sort: string) => void;
  className?: string;
}

/** A column header that sorts the server-side list; the order is announced with aria-sort. */
export function SortHeader({ column, label, current, onSort, className }: SortHeaderProps) {
  const direction = current === column ? 'ascending' : current === `-${column}` ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className="btn btn-link p-0 text-reset fw-bold text-decoration-none text-nowrap" onClick={() => onSort(nextSort(current, column))}>
        {label}
        <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}
