/** The placeholder while a page's code or first data loads: a status for screen readers, a spinner by CSS. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
