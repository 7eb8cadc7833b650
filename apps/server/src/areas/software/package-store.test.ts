import { describe, expect, it } from 'vitest';
import { normalizeUpdatePath } from '../../ports/packages.js';

describe('normalizeUpdatePath', () => {
  it('keeps a relative folder path, tidied', () => {
    expect(normalizeUpdatePath('demo/aligner-5.3.0')).toBe('demo/aligner-5.3.0');
    expect(normalizeUpdatePath(' ./demo//aligner-5.3.0/ ')).toBe('demo/aligner-5.3.0');
  });

  it.each([
    ['..', 'may not contain ".."'],
    ['a/../b', 'may not contain ".."'],
    ['/abs', 'relative to the updates folder'],
    ['~/x', 'relative to the updates folder'],
    ['%2e%2e/x', 'percent-encoded'],
    ['a\\b', 'forward slashes'],
    ['https://host/x', 'not a URL'],
    ['a\u0000b', 'control characters'],
    ['.', 'must name a folder'],
  ])('refuses %j', (input, reason) => {
    expect(() => normalizeUpdatePath(input)).toThrow(reason);
  });
});
