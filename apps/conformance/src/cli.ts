#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
import { runConformance } from './kit.js';
import { USAGE, parseOptions } from './options.js';
import { renderTable, summary } from './table.js';

/** The CLI's terminal output (the kit itself only reports through `say`). */
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const complain = (line: string): void => void process.stderr.write(`${line}\n`);

const parsed = parseOptions(process.argv.slice(2));
if ('help' in parsed) {
  say(USAGE);
  process.exit(0);
}
if ('error' in parsed) {
  complain(`${parsed.error}\n\n${USAGE}`);
  process.exit(2);
}
const { options } = parsed;
// Ctrl-C ends the run; the unit's process group and the server end with the kit ('exit' hooks).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

try {
  const report = await runConformance(options, say);
  say('');
  say(renderTable(report.results, process.stdout.columns || Number(process.env.COLUMNS) || 160));
  say('');
  if (report.stoppedEarly) say(`The run stopped early: ${report.stoppedEarly}.`);
  if (!report.passed && report.unitOutput)
    say(`The unit's last output:\n${report.unitOutput.split('\n').slice(-20).join('\n')}`);
  say(
    `${summary(report.results)} in ${(report.durationMs / 1000).toFixed(1)} s: ${report.passed ? 'CONFORMS' : 'DOES NOT CONFORM'}.`,
  );
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    say(`Report written to ${options.json}.`);
  }
  process.exit(report.passed ? 0 : 1);
} catch (error) {
  complain(`The kit could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
}
