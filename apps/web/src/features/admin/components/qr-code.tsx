import { useMemo } from 'react';
import { qrPath } from '../../../lib/qr-path.ts';

/** A QR code as inline SVG (src/lib/qr-path.ts), inside the console's lazy chunk. */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => qrPath(text), [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" className="admin-qr border rounded">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
