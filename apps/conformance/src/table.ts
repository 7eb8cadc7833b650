import type { CheckResult, Outcome } from './checks.js';

const LABEL: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' };

/** Breaks `text` into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      let rest = word;
      // A word longer than the column (a URL, a token) is cut.
      while (rest.length > width) {
        if (line) lines.push(line);
        lines.push(rest.slice(0, width));
        line = '';
        rest = rest.slice(width);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The report as a table for a terminal `columns` wide: requirement | section | result | detail,
 * the detail column taking what is left (at least 30 characters), long cells wrapped.
 */
export function renderTable(results: readonly CheckResult[], columns = 160): string {
  const requirementWidth = Math.min(60, Math.max(...results.map((r) => r.requirement.length), 11));
  const sectionWidth = Math.max(...results.map((r) => r.section.length), 7);
  const resultWidth = 6;
  const detailWidth = Math.max(30, columns - requirementWidth - sectionWidth - resultWidth - 9);
  const widths = [requirementWidth, sectionWidth, resultWidth, detailWidth];
  const row = (cells: string[]): string[] => {
    const wrapped = cells.map((cell, i) => wrap(cell, widths[i] ?? 30));
    const height = Math.max(...wrapped.map((lines) => lines.length));
    return Array.from({ length: height }, (_, line) =>
      wrapped
        .map((lines, i) => (lines[line] ?? '').padEnd(widths[i] ?? 0))
        .join(' | ')
        .trimEnd(),
    );
  };
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
  const lines = [...row(['Requirement', 'Section', 'Result', 'Detail']), rule];
  for (const r of results) lines.push(...row([r.requirement, r.section, LABEL[r.outcome], r.detail]));
  return lines.join('\n');
}

/** "41 passed, 1 failed, 2 warnings, 3 skipped". */
export function summary(results: readonly CheckResult[]): string {
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  const warnings = count('warn');
  return `${count('pass')} passed, ${count('fail')} failed, ${warnings} warning${warnings === 1 ? '' : 's'}, ${count('skip')} skipped`;
}
