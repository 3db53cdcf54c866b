/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): secrets are `whsec_` + base64 of
 * 32 random bytes; `webhook-signature` is `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`,
 * several space-separated while an old secret is still honoured after a rotation.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

const PREFIX = 'whsec_';

export function generateSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A message id (`webhook-id`): `msg_` and 32 hex digits. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers of one attempt, signed with every given secret. */
export function signedHeaders(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signature(s, messageId, timestampSeconds, body)).join(' '),
  };
}
