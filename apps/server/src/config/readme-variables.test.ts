import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './env.js';

const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** The variables the README's table names: its first column, where a row may name several. */
function tableVariables(readme: string): string[] {
  const table = readme.slice(readme.indexOf('| Variable | Default | Meaning |')).split('\n').slice(2);
  const rows = table.slice(
    0,
    table.findIndex((line) => !line.startsWith('|')),
  );
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

describe("the README's table of variables", () => {
  it('lists every variable the server reads, and none it does not', () => {
    const listed = tableVariables(README);
    expect(listed.length).toBeGreaterThan(50);
    expect(ENV_VARIABLES.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
  });
});
