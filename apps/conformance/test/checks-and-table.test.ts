import { describe, expect, it } from 'vitest';
import { CHECKS, CheckBook, allRequiredMet, worse } from '../src/checks.js';
import { renderTable, summary, wrap } from '../src/table.js';

const only = (book: CheckBook, id: string) => book.results().find((r) => r.id === id)!;

describe('the check book', () => {
  it('keeps a failure however often the check passes after it, with every detail', () => {
    const book = new CheckBook();
    book.pass('birth', 'connection #1');
    book.fail('birth', 'connection #2: no birth');
    book.pass('birth', 'connection #3');
    expect(only(book, 'birth')).toMatchObject({
      outcome: 'fail',
      section: 'What a unit sends on connect',
      link: 'docs/device-protocol.md#what-a-unit-sends-on-connect',
      detail: 'connection #2: no birth; see docs/device-protocol.md#what-a-unit-sends-on-connect',
    });
  });

  it('warns where a recommendation is not met, and skips what was never reached', () => {
    const book = new CheckBook();
    book.fail('check-in-first', 'the check-in came 5 ms after the CONNECT');
    const results = book.results('not reached: the unit exited');
    expect(only(book, 'check-in-first').outcome).toBe('warn');
    expect(results.find((r) => r.id === 'register')).toMatchObject({
      outcome: 'skip',
      detail: 'not reached: the unit exited',
    });
    expect(allRequiredMet(results)).toBe(true);
    book.fail('register', 'answered 403');
    expect(allRequiredMet(book.results())).toBe(false);
  });

  it('orders outcomes: a failure beats a warning, a warning a pass, anything a skip', () => {
    expect(worse('pass', 'fail')).toBe('fail');
    expect(worse('warn', 'pass')).toBe('warn');
    expect(worse('skip', 'pass')).toBe('pass');
    expect(() => new CheckBook().pass('no-such-check')).toThrow(/no check no-such-check/);
  });

  it('lists every check once, each with a section of the protocol', () => {
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    expect(CHECKS.filter((c) => c.id.startsWith('cmd-')).map((c) => c.id)).toContain('cmd-set_logging_level');
  });
});

describe('the table', () => {
  it('wraps at spaces and cuts words longer than the column', () => {
    expect(wrap('one two three', 7)).toEqual(['one two', 'three']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('prints requirement, section, result and detail, wrapped to the terminal', () => {
    const book = new CheckBook();
    book.pass('register', 'answered 200 with its token');
    book.fail('valid-state', 'conformance/v1/X/state seq 7: updateState: Must be an object (got string "idle").');
    const lines = renderTable(book.results(), 140).split('\n');
    expect(lines[0]).toMatch(/^Requirement +\| Section +\| Result \| Detail$/);
    expect(lines[1]).toMatch(/^-+-\+-/);
    expect(lines.every((line) => line.length <= 140)).toBe(true);
    const failed = lines.findIndex((line) => line.includes('FAIL'));
    expect(lines[failed]).toContain('| State reports');
    // The detail column, read down its wrapped lines.
    const detail = lines
      .slice(failed, failed + 4)
      .map((line) => line.split(' | ')[3]?.trim() ?? '')
      .join(' ');
    expect(detail).toContain(
      'seq 7: updateState: Must be an object (got string "idle").; see docs/device-protocol.md#state-reports',
    );
    expect(summary(book.results())).toBe(`1 passed, 1 failed, 0 warnings, ${CHECKS.length - 2} skipped`);
  });
});
