import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.js';
import { parseRange } from './send-file.js';

describe('parseRange', () => {
  it('reads the single byte ranges a resuming unit sends', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=40-', 100)).toEqual({ start: 40, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(parseRange('items=1-2', 100)).toBeNull();
  });

  it('answers 416 for a range outside the file', () => {
    expect(() => parseRange('bytes=100-', 100)).toThrow(DomainError);
    expect(() => parseRange('bytes=50-10', 100)).toThrow('The range bytes=50-10 lies outside the file (100 bytes).');
  });
});
