/** The door app while it opens its stored data, and when the browser cannot keep any. */
import { useT } from '../../i18n/use-t.ts';

export function LoadingScreen() {
  const t = useT();
  return (
    <main className="door-page" aria-busy="true">
      <p>{t('door.loading')}</p>
    </main>
  );
}

export function LoadErrorScreen() {
  const t = useT();
  return (
    <main className="door-page">
      <p className="door-error" role="alert">
        {t('door.storageUnavailable')}
      </p>
    </main>
  );
}
