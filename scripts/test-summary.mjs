// Reads the JSON reports of Vitest and Playwright in .reports/ and prints one line:
// "N passed, N failed" (plus skipped), the closing line CI reads. Above it, one line per failed
// test with its report and file, and the first lines of its message, so that a tail of the log
// says what failed and why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? '.reports');
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** The first lines of a failure's message, without colours, indented under its line. */
const why = (messages) =>
  String(messages?.[0] ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() && !/node_modules|\(<anonymous>\)|node:internal/.test(line))
    .slice(0, 5)
    .map((line) => `    ${line.slice(0, 200)}`)
    .join('\n');
const withWhy = (line, messages) => (why(messages) ? `${line}\n${why(messages)}` : line);

function countPlaywright(file, suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'skipped') skipped++;
        else if (test.status === 'expected' || test.status === 'flaky') passed++;
        else {
          failed++;
          const messages = (test.results ?? []).map((r) => r.error?.message).filter(Boolean);
          failures.push(withWhy(`${file}: ${spec.file ?? suite.file ?? ''} › ${spec.title}`, messages));
        }
      }
    }
    countPlaywright(file, suite.suites);
  }
}

for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A file that fails to load has no tests; count it so a broken suite is never silent.
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name ?? '');
      if (result.status === 'failed' && result.assertionResults.length === 0) {
        failed++;
        failures.push(withWhy(`${file}: ${where} (did not load)`, [result.message]));
      }
      for (const test of result.assertionResults ?? []) {
        if (test.status === 'failed')
          failures.push(withWhy(`${file}: ${where} › ${test.fullName ?? test.title}`, test.failureMessages));
      }
    }
  } else if ('suites' in report) {
    countPlaywright(file, report.suites);
    failed += (report.errors ?? []).length;
    for (const error of report.errors ?? []) failures.push(`${file}: ${String(error.message ?? '').split('\n')[0]}`);
  }
}
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
