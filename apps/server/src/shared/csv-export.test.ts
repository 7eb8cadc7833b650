import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, EXPORT_PAGE, safeCell, type CsvSource } from './csv-export.js';

/** A source of `rows` numbered rows that counts the pages asked of it. */
function numbered(rows: number) {
  const asked: number[] = [];
  const source: CsvSource<{ n: number; note: string }> = {
    count: () => Promise.resolve(rows),
    page: (offset, limit) => {
      asked.push(offset);
      const end = Math.min(rows, offset + limit);
      return Promise.resolve(
        Array.from({ length: Math.max(0, end - offset) }, (_v, i) => ({ n: offset + i, note: `=row ${offset + i}` })),
      );
    },
  };
  return { source, asked };
}
const columns = [
  { header: 'N', value: (r: { n: number }) => r.n },
  { header: 'Note', value: (r: { note: string }) => r.note },
];
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('CSV export', () => {
  it('writes every row under its header, a page at a time, with formulas made harmless', async () => {
    const { source, asked } = numbered(2_500);
    let text = '';
    for await (const chunk of csvStream(source, columns, 2_500, (err) => expect.fail(err.message)))
      text += String(chunk);
    const rows = parse<{ N: string; Note: string }>(text, { columns: true });
    expect(rows).toHaveLength(2_500);
    expect(rows[2_499]).toEqual({ N: '2499', Note: "'=row 2499" });
    expect(asked).toEqual([0, EXPORT_PAGE, 2 * EXPORT_PAGE]);
  });

  it('quotes a cell holding a semicolon, so a spreadsheet that splits on it keeps the cell whole', async () => {
    const source: CsvSource<{ n: number; note: string }> = {
      count: () => Promise.resolve(1),
      page: () => Promise.resolve([{ n: 1, note: 'left; right' }]),
    };
    let text = '';
    for await (const chunk of csvStream(source, columns, 1, (err) => expect.fail(err.message))) text += String(chunk);
    expect(text).toBe('N,Note\n1,"left; right"\n');
  });

  it('stops at the total it was given', async () => {
    const { source } = numbered(5_000);
    let text = '';
    for await (const chunk of csvStream(source, columns, 1_200, (err) => expect.fail(err.message)))
      text += String(chunk);
    expect(parse(text, { columns: true })).toHaveLength(1_200);
  });

  it('reads no further pages while the reader takes nothing (backpressure)', async () => {
    const { source, asked } = numbered(100_000);
    // A reader that never finishes its first write, as a client that stopped reading.
    const stalled = new Writable({ highWaterMark: 1, write: () => undefined });
    csvStream(source, columns, 100_000, () => undefined).pipe(stalled);
    await turns(500);
    // The streams' buffers hold a few pages; the other 95 of the 100 are never read.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(5);
    stalled.destroy();
  });

  it('prefixes what a spreadsheet would run and leaves other values alone', () => {
    expect(safeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(safeCell('+1')).toBe("'+1");
    expect(safeCell('@x')).toBe("'@x");
    expect(safeCell('V33CP1234')).toBe('V33CP1234');
    expect(safeCell(-3)).toBe(-3);
    expect(safeCell(null)).toBe('');
  });
});
