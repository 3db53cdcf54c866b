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
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';

/** Smaller answers fit one TCP segment anyway; compressing them only costs CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1_400;

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
  });
};

export default fp(compression, { name: 'compression', fastify: '5.x' });
