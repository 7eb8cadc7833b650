import { describe, expect, it } from 'vitest';
import { atLeast, compareVersions, isOlder } from './versions.js';

describe('versions', () => {
  it.each([
    ['4.0.0', '3.9.9', 1],
    ['3.9.9', '4.0.0', -1],
    ['4.3.0', '4.3.0', 0],
    ['10.0.0', '9.9.9', 1],
    ['1.2', '1.2.0', 0],
    [null, '1.0.0', -1],
    ['1.0.0', undefined, 1],
    [null, null, 0],
  ])('compares %s with %s as %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('knows the boundaries of a gate', () => {
    expect(atLeast('4.2.9', '4.3.0')).toBe(false);
    expect(atLeast('4.3.0', '4.3.0')).toBe(true);
    expect(atLeast(null, '1.0.0')).toBe(false);
    expect(atLeast('garbage', '1.0.0')).toBe(false);
  });

  it('calls a version older only when both are known', () => {
    expect(isOlder('4.9.0', '5.0.0')).toBe(true);
    expect(isOlder('5.0.0', '5.0.0')).toBe(false);
    expect(isOlder(null, '5.0.0')).toBe(false);
  });
});
