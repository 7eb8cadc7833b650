// npm run bench:chaos [-- --runs 3]: the chaos tier's long form (CHAOS_FORM=long: 2,000 units,
// PostgreSQL stopped for 90 s) run several times in a row. Each run writes its measures to a file
// (CHAOS_REPORT); this prints them as the Markdown of the "Chaos" section of docs/benchmarks.md,
// which it leaves for a person to paste: a run on a busy machine should not replace the figures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machine, percentile } from './support.mjs';

// --measures a.json,b.json: the table of runs made before (CHAOS_REPORT of each), without running.
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, measures: { type: 'string' } },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const runs = values.measures ? values.measures.split(',').map(read) : runAll(Number(values.runs));

function runAll(count) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ed-bench-chaos-'));
  const measured = [];
  for (let i = 1; i <= count; i++) {
    const report = path.join(dir, `run-${i}.json`);
    console.log(`== chaos, long form, run ${i} of ${count}`);
    // A failing check fails the run's tests; its measures are written all the same.
    spawnSync('npx', ['vitest', 'run', '--config', 'chaos/vitest.config.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CHAOS_FORM: 'long', CHAOS_REPORT: report },
    });
    measured.push(read(report));
  }
  rmSync(dir, { recursive: true, force: true });
  return measured;
}

const done = runs.filter(Boolean);
if (done.length === 0) {
  console.error('no run got to its measures: see the output above');
  process.exit(1);
}
const seconds = (n) => (Number.isNaN(n) ? '–' : n.toFixed(1));
const faultRows = done[0].faults.map(({ name }, i) => {
  const all = done.map((run) => run.faults[i]?.seconds ?? null);
  const converged = all.filter((s) => s !== null).sort((a, b) => a - b);
  const missed = all.length - converged.length;
  return `| ${name} | ${seconds(percentile(converged, 50))} | ${seconds(converged.at(-1) ?? NaN)} | ${missed} of ${all.length} |`;
});
const runRows = runs.map((run, i) => {
  if (!run) return `| ${i + 1} | did not finish | | | | | | |`;
  const r = run.rollout;
  return (
    `| ${i + 1} | ${run.rolloutState} | ${r.told} of ${r.members} (${r.stages} stages, ${r.toldTwiceOnOneConnection} twice on one connection) | ${r.installedOnce} | ` +
    `${run.lostReports} | ${run.notStored} | ${run.duplicateAlarms} | ${run.connectMismatches} |`
  );
});
console.log(`
## Chaos

\`npm run bench:chaos\`: ${done[0].units.toLocaleString('en-US')} simulated units (heartbeat 5 s, ${done[0].flappers} flapping) behind three
instances on one PostgreSQL and one Mosquitto, through the chaos tier's schedule of faults while a
rollout runs; ${done.length} of ${runs.length} runs got to their measures. ${machine()}.

Seconds from the end of each fault until the console shows every unit connected or not as it is,
and stays so (a run counts as "not converged" after ${done[0].convergeLimitSeconds} s):

| Fault | Median (s) | Max (s) | Not converged |
| --- | --- | --- | --- |
${faultRows.join('\n')}

| Run | Rollout | Members told | Installed once | Lost reports | "not stored" errors | Duplicate alarms | Connect-count mismatches |
| --- | --- | --- | --- | --- | --- | --- | --- |
${runRows.join('\n')}
`);
