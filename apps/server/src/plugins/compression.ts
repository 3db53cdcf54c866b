/**
 * br/gzip for the API's JSON answers (`/api/*`, `/User/*`) above one TCP segment: report tables and
 * store lists shrink about tenfold. Register it before the routes: it applies to the routes added
 * after it. Left alone:
 * - the content service and the web app's assets: they send their own pre-compressed bodies (and
 *   choose not to compress where it does not pay), so compressing again would only burn CPU;
 * - the retailer report: its JSON carries an already deflated spreadsheet (base64), and its streamed
 *   answer keeps its Content-Length.
 * A route can still decide for itself with the `compress` route option.
 */
import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';

/** Smaller answers fit one TCP segment anyway; compressing them only costs CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1_400;

/**
 * The compression settings, shared with the answers the report cache compresses once
 * (modules/reports/encoded-answer.ts). Brotli quality 4, text mode: about gzip's speed for a clearly
 * smaller answer; gzip at zlib's default level.
 */
export const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS: ZlibOptions = {};

const COMPRESSED_PREFIXES = ['/api/', '/User/'];
const ALREADY_COMPRESSED = ['/api/Report/GetRetailerReport'];

const compression: FastifyPluginAsync = async (app) => {
  // Runs before @fastify/compress's own onRoute hook (hooks run in the order they were added).
  app.addHook('onRoute', (route) => {
    if (route.compress !== undefined) return;
    const url = route.url;
    const api = COMPRESSED_PREFIXES.some((prefix) => url.startsWith(prefix));
    if (!api || ALREADY_COMPRESSED.some((path) => url.startsWith(path))) route.compress = false;
  });
  await app.register(compress, {
    globalCompression: true,
    // Request bodies stay as they are (small JSON); a compressed one is refused as before (415).
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
};

export default fp(compression, { name: 'compression', fastify: '5.x' });
