import { describe, expect, it } from 'vitest';
import { parseSerials } from './parse-serials';

describe('parseSerials', () => {
  it('reads one serial a line, skipping a header', () => {
    expect(parseSerials('serialNumber\r\nv33cp1234\nV33CP1235\n')).toEqual({
      serialNumbers: ['V33CP1234', 'V33CP1235'],
      skipped: [],
      duplicates: 0,
    });
  });

  it('reads serials separated by commas or semicolons, in quotes or not, and counts what it left out', () => {
    expect(parseSerials('"V33CP1234";V33CP1235, nope ,V33CP1234\nTP1CR0042')).toEqual({
      serialNumbers: ['V33CP1234', 'V33CP1235', 'TP1CR0042'],
      skipped: ['nope'],
      duplicates: 1,
    });
  });

  it('reads nothing from an empty file', () => {
    expect(parseSerials('\n')).toEqual({ serialNumbers: [], skipped: [], duplicates: 0 });
  });
});
