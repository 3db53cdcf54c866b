import { createHmac } from 'node:crypto';

/**
 * Access codes are stored as HMAC-SHA256 under the server's code key: a leaked table does not give
 * the codes away, and a login stays one indexed lookup. Codes match case-insensitively.
 */
export function hashAccessCode(code: string, key: Uint8Array): string {
  return createHmac('sha256', key).update(code.trim().toUpperCase(), 'utf8').digest('base64url');
}
