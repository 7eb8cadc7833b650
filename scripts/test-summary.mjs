// Reads the JSON reports of Vitest and Playwright in .reports/ and prints one line:
// "N passed, N failed" (plus skipped), the closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? '.reports');
let passed = 0;
let failed = 0;
let skipped = 0;

function countPlaywright(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'skipped') skipped++;
        else if (test.status === 'expected' || test.status === 'flaky') passed++;
        else failed++;
      }
    }
    countPlaywright(suite.suites);
  }
}

for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A file that fails to load has no tests; count it so a broken suite is never silent.
    failed += (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  } else if ('suites' in report) {
    countPlaywright(report.suites);
    failed += (report.errors ?? []).length;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
