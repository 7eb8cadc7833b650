import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@ed/contract/webhooks';

/** Bytes of a new secret's key: Standard Webhooks asks for 24 to 64; 32 is HMAC-SHA256's block of output. */
const KEY_BYTES = 32;

/** A new endpoint's secret: `whsec_` and the base64 of a random key. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(KEY_BYTES).toString('base64')}`;
}

/** The key's bytes: the HMAC is keyed with the decoded bytes, not with the text. */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/**
 * `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` (Standard Webhooks'
 * symmetric signature). `timestamp` is in whole seconds since 1970, as the header carries it.
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt: the id stays across attempts, the timestamp and signature are new. */
export function signedHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, id, timestamp, body),
  };
}
