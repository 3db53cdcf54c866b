/**
 * "Your badge" on the registration page (docs/event-days.md): the signed badge code as a QR drawn as
 * inline SVG (src/lib/qr-path.ts), the code as text, and a print button that prints this part
 * only. A lazy chunk: the registration page loads it only when there is a badge to show.
 */
import { useMemo } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { qrPath } from '../../../lib/qr-path.ts';
import './your-badge.css';

export default function YourBadge({ code, name, eventName, storeName }: { code: string; name: string; eventName: string; storeName?: string | null }) {
  const t = useT();
  const { path, modules } = useMemo(() => qrPath(code), [code]);
  return (
    <section aria-labelledby="your-badge-title" className="your-badge border rounded p-3 my-4">
      <h2 id="your-badge-title" className="h4">
        {t('registration.badge.title')}
      </h2>
      <p className="your-badge-hint">{t('registration.badge.hint')}</p>
      <div className="d-flex flex-wrap gap-4 align-items-center">
        <svg role="img" aria-label={t('registration.badge.qr', { name })} width={220} height={220} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges">
          <rect width={modules} height={modules} fill="#fff" />
          <path d={path} fill="#000" />
        </svg>
        <div>
          <p className="h3 mb-1">{name}</p>
          {storeName && <p className="mb-1">{storeName}</p>}
          <p className="mb-0 text-body-secondary">{eventName}</p>
        </div>
      </div>
      <p className="small font-monospace text-break mt-3 mb-2">{code}</p>
      <button type="button" className="btn btn-outline-primary your-badge-hint" onClick={() => window.print()}>
        {t('registration.badge.print')}
      </button>
    </section>
  );
}
