import { describe, expect, it } from 'vitest';
import { hashToken, newSecretToken } from './secret-token.js';

describe('secret tokens', () => {
  it('are long, url-safe and different each time', () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('hash to a stable SHA-256 that does not contain the token', () => {
    const token = newSecretToken();
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
