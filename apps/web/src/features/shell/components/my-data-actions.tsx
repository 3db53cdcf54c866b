/**
 * "Download my data" and "Ask to erase my data" in the footer of an attendee's pages (docs/privacy.md).
 * Only the two buttons are in the page's code; what they do loads when one is pressed. Both mail a
 * link to the attendee's own address; the page says where (masked).
 */
import { lazy, Suspense, useState } from 'react';
import { notify } from '../../../lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';

const ErasureRequestDialog = lazy(() => import('../my-data/erasure-request-dialog.tsx'));

export function MyDataActions() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const onDownload = () => {
    setBusy(true);
    import('../my-data/my-data.ts')
      .then((m) => m.downloadMyData(t))
      .then((message) => void notify.success(message))
      .catch(() => notify.error(t('shell.myData.failed')))
      .finally(() => setBusy(false));
  };
  return (
    <div className="d-flex flex-wrap gap-2 my-data-actions">
      <button type="button" className="btn btn-link btn-sm p-0 text-nowrap" onClick={onDownload} disabled={busy}>
        {t('shell.myData.download')}
      </button>
      <button type="button" className="btn btn-link btn-sm p-0 text-nowrap" onClick={() => setAsking(true)}>
        {t('shell.myData.erase')}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <ErasureRequestDialog onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </div>
  );
}
