/** Small pieces with exact expectations: ids, hashes, image sizes, encodings, the answer cache. */
import { describe, expect, it } from 'vitest';
import { AnswerCache, jsonAnswer, preferredEncoding } from '../src/answer.ts';
import { canonicalJson } from '../src/bundle/canonical-hash.ts';
import { imageSizeOf, mimeTypeOf } from '../src/bundle/media.ts';
import { stableUuid } from '../src/bundle/stable-id.ts';

describe('stableUuid', () => {
  it('is RFC 9562 version 5 (the RFC example: DNS namespace, www.example.com)', () => {
    expect(stableUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(stableUuid('11111111-1111-4111-8111-111111111111', 'faq_1')).toBe(stableUuid('11111111-1111-4111-8111-111111111111', 'faq_1'));
    expect(stableUuid('11111111-1111-4111-8111-111111111111', 'faq_1')).not.toBe(stableUuid('22222222-2222-4222-8222-222222222222', 'faq_1'));
  });
});

describe('canonicalJson', () => {
  it('ignores key order and undefined values, keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe(canonicalJson({ a: { d: [2, 1] }, b: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});

describe('imageSizeOf', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000280000001e00806000000', 'hex');
  const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x40, 0x01, 0xf0, 0x00]), Buffer.alloc(8)]);
  // SOI, an APP0 segment, then SOF0 with height 480, width 640.
  const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc000110801e0028003012200021101031101', 'hex');
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8X'), Buffer.alloc(8), Buffer.from([0x7f, 0x02, 0x00, 0xdf, 0x01, 0x00]), Buffer.alloc(4)]);

  it.each([
    ['image/png', png, { width: 640, height: 480 }],
    ['image/gif', gif, { width: 320, height: 240 }],
    ['image/jpeg', jpeg, { width: 640, height: 480 }],
    ['image/webp', webp, { width: 640, height: 480 }],
    ['image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120px" height="40">'), { width: 120, height: 40 }],
    ['image/svg+xml', Buffer.from('<?xml version="1.0"?><svg viewBox="0 0 300 150.4" xmlns="http://www.w3.org/2000/svg">'), { width: 300, height: 150 }],
  ])('%s', (mime, bytes, size) => {
    expect(imageSizeOf(bytes, mime)).toEqual(size);
  });

  it('answers null for other files and damaged images', () => {
    expect(imageSizeOf(Buffer.from('%PDF-1.4'), 'application/pdf')).toBeNull();
    expect(imageSizeOf(Buffer.from('not a png'), 'image/png')).toBeNull();
    expect(imageSizeOf(Buffer.from('ffd8ff', 'hex'), 'image/jpeg')).toBeNull();
    expect(imageSizeOf(Buffer.from('<svg width="100%">'), 'image/svg+xml')).toBeNull();
  });

  it('knows the media types of bundle files', () => {
    expect([mimeTypeOf('a.SVG'), mimeTypeOf('b.pdf'), mimeTypeOf('c.jpeg'), mimeTypeOf('noext')]).toEqual(['image/svg+xml', 'application/pdf', 'image/jpeg', 'application/octet-stream']);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['gzip;q=0', undefined],
    ['*', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('AnswerCache', () => {
  const answer = (size: number, shared = true) => ({ ...jsonAnswer('x'.repeat(size), 1, shared) });

  it('evicts the oldest entries past its byte budget', () => {
    const cache = new AnswerCache(100, 32_000);
    for (let i = 0; i < 40; i++) cache.store(`k${i}`, '', answer(900));
    expect(cache.shared('k0')).toBeUndefined();
    expect(cache.shared('k39')).toBeDefined();
  });

  it('evicts past its entry count and does not keep answers too big for it', () => {
    const cache = new AnswerCache(3, 1_000_000);
    for (let i = 0; i < 5; i++) cache.store(`k${i}`, '', answer(10));
    expect([0, 1, 2, 3, 4].map((i) => cache.shared(`k${i}`) !== undefined)).toEqual([false, false, true, true, true]);
    cache.store('huge', '', answer(100_000));
    expect(cache.shared('huge')).toBeUndefined();
  });

  it('keeps access-dependent answers apart per access key', () => {
    const cache = new AnswerCache();
    const general = answer(10, false);
    cache.store('k', 'navigatingcorp', general);
    expect(cache.shared('k')).toBeUndefined();
    expect(cache.forAccess('k', 'navigatingcorp')).toBe(general);
    expect(cache.forAccess('k', 'corporate')).toBeUndefined();
  });
});
