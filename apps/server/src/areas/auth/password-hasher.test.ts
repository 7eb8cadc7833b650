import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/domain-error.js';
import { PasswordHasher } from './password-hasher.js';

describe('password hashing', () => {
  const hasher = new PasswordHasher({ concurrency: 2, queue: 8 });

  it('uses Argon2id at m=19 MiB, t=2, p=1 with a fresh salt', async () => {
    const a = await hasher.hash('correct horse battery');
    const b = await hasher.hash('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(await hasher.verify(stored, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse batterY')).toBe(false);
  });

  it('treats a malformed hash as a mismatch, not a crash', async () => {
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
    expect(await hasher.verifyAgainstDummy('anything')).toBe(false);
  });

  it('answers 503 with Retry-After once every slot and the queue are taken', async () => {
    const small = new PasswordHasher({ concurrency: 1, queue: 1 });
    const stored = await small.hash('correct horse battery');
    const running = [small.verify(stored, 'a'), small.verify(stored, 'b')];
    expect(small.full).toBe(true);
    const refused = await small.verify(stored, 'c').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 1 });
    expect(await Promise.all(running)).toEqual([false, false]);
    expect(small.full).toBe(false);
  });
});
