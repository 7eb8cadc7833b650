import { describe, expect, it } from 'vitest';
import { SERIAL_CSV_MAX_ROWS } from '@ed/contract/messages';
import { parseSerialCsv } from './serial-csv.js';

// Serial numbers the contract's decoder accepts (model code, month, year, sequence).
const A = 'V33CQ0123';
const B = 'HE1DR1234';

describe('parseSerialCsv', () => {
  it('skips a header row and blank lines and keeps the first column', () => {
    const parsed = parseSerialCsv(`Serial Number,Note\n\n${A},first\n   \n${B}\n`);
    expect(parsed).toEqual({ serialNumbers: [A, B], invalid: [], duplicates: 0 });
  });

  it('reports invalid serial numbers with their line and drops duplicates', () => {
    const parsed = parseSerialCsv(`${A}\nnot-a-serial\n${A.toLowerCase()}\nZZZ99\n${B}`);
    expect(parsed.serialNumbers).toEqual([A, B]);
    expect(parsed.duplicates).toBe(1);
    expect(parsed.invalid).toEqual([
      { line: 2, value: 'not-a-serial' },
      { line: 4, value: 'ZZZ99' },
    ]);
  });

  it('treats a first row that is no header as an invalid serial', () => {
    expect(parseSerialCsv(`hello\n${A}`).invalid).toEqual([{ line: 1, value: 'hello' }]);
  });

  it('handles a byte-order mark, CRLF and quoted values', () => {
    expect(parseSerialCsv(`\uFEFF"${A}"\r\n"${B}"\r\n`).serialNumbers).toEqual([A, B]);
  });

  it('refuses more rows than the cap with 413', () => {
    const rows = Array.from({ length: SERIAL_CSV_MAX_ROWS + 1 }, () => A).join('\n');
    expect(() => parseSerialCsv(rows)).toThrow(expect.objectContaining({ kind: 'tooLarge' }));
  });

  it('refuses a file that is not CSV with 400', () => {
    expect(() => parseSerialCsv('"unterminated\n')).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });

  it('answers an empty list for an empty file', () => {
    expect(parseSerialCsv('')).toEqual({ serialNumbers: [], invalid: [], duplicates: 0 });
  });
});
