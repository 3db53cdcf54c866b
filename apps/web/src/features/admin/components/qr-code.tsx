import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as inline SVG (one path of dark modules, the standard 4-module quiet zone), drawn from `uqr`'s module matrix: no canvas,
 * no innerHTML. `uqr` is imported only here, inside the console's lazy chunk.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: qr.size };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" className="admin-qr border rounded">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
