import { useT } from '../../i18n/use-t.ts';

/** The placeholder while a page's code or first data loads: a status for screen readers, a spinner by CSS. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
