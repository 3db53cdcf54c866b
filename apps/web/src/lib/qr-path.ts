import { encode } from 'uqr';

/**
 * A QR code as one SVG path of its dark modules (a 1×1 square each), with the standard 4-module
 * quiet zone, drawn from `uqr`'s module matrix: no canvas, no innerHTML. `modules` is the side of
 * the square, quiet zone included (the SVG's viewBox).
 */
export function qrPath(text: string): { path: string; modules: number } {
  const qr = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { path, modules: qr.size };
}
