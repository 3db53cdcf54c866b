import { describe, expect, it } from 'vitest';
import { base64ToBlob } from './base64-to-blob.ts';
import { readBlobBytes, readBlobText } from '../../../testing/read-blob.ts';

describe('base64ToBlob', () => {
  it('decodes across several 1,024-character slices byte for byte', async () => {
    const bytes = Uint8Array.from({ length: 5000 }, (_, i) => (i * 37) % 256);
    const base64 = btoa(String.fromCharCode(...bytes));
    const blob = base64ToBlob(base64, 'application/octet-stream');
    expect(blob.type).toBe('application/octet-stream');
    expect(blob.size).toBe(5000);
    expect(await readBlobBytes(blob)).toEqual(bytes);
  });

  it('ignores line breaks in the base64 text', async () => {
    const blob = base64ToBlob('aGVs\nbG8=', 'text/plain');
    expect(await readBlobText(blob)).toBe('hello');
  });

  it('throws on text that is not base64', () => {
    expect(() => base64ToBlob('@@@', 'text/plain')).toThrow();
  });
});
