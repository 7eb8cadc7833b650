import { describe, expect, it } from 'vitest';
import { typedNameDigest } from './typed-name.js';

describe('typedNameDigest', () => {
  const key = Buffer.alloc(32, 7);
  it('gives one digest for every spelling that signs in as one name, and none of the text', () => {
    const digest = typedNameDigest(key, 'Hunter2-Password');
    expect(digest).toMatch(/^unknown name #[\w-]{12}$/);
    expect(typedNameDigest(key, 'hunter2-password')).toBe(digest);
    expect(digest.toLowerCase()).not.toContain('hunter');
  });
  it('depends on the key, so a digest cannot be tested against guesses without it', () => {
    expect(typedNameDigest(Buffer.alloc(32, 8), 'admin')).not.toBe(typedNameDigest(key, 'admin'));
  });
});
