/**
 * Decodes base64 into a Blob, turning the binary string into bytes in 1,024-character slices
 * (docs/design/web-rules.md, section 9) so no single huge intermediate array is built.
 */
export const BASE64_SLICE_SIZE = 1024;

export function base64ToBlob(base64: string, type: string, sliceSize = BASE64_SLICE_SIZE): Blob {
  // atob throws on anything that is not base64, which the caller reports as a failed report.
  const binary = atob(base64.replace(/\s+/g, ''));
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = 0; offset < binary.length; offset += sliceSize) {
    const slice = binary.slice(offset, offset + sliceSize);
    const bytes = new Uint8Array(slice.length);
    for (let i = 0; i < slice.length; i += 1) bytes[i] = slice.charCodeAt(i);
    parts.push(bytes);
  }
  return new Blob(parts, { type });
}
