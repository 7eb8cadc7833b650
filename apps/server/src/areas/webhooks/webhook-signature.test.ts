import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, secretKey, signedHeaders, webhookSignature } from './webhook-signature.js';

describe('webhook signatures (Standard Webhooks)', () => {
  it('match the specification’s published example', () => {
    // The reference library's "sign function works" vector (standard-webhooks, libraries/javascript).
    const signature = webhookSignature(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('key the HMAC with the secret’s decoded bytes, with or without its prefix', () => {
    const key = secretKey('whsec_AAECAw==');
    expect([...key]).toEqual([0, 1, 2, 3]);
    expect(webhookSignature('AAECAw==', 'msg_1', 1, '{}')).toBe(webhookSignature('whsec_AAECAw==', 'msg_1', 1, '{}'));
  });

  it('make secrets of 32 random bytes, each new', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretKey(a)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('sign each attempt with its own timestamp, in seconds, over the body as sent', () => {
    const secret = newWebhookSecret();
    const body = '{"type":"alarm.raised"}';
    const headers = signedHeaders(secret, 'msg_abc', body, new Date(1_700_000_000_999));
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['content-type']).toBe('application/json');
    const expected = createHmac('sha256', secretKey(secret)).update(`msg_abc.1700000000.${body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });
});
