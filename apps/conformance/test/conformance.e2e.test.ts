import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../src/checks.js';
import { runConformance, type KitReport } from '../src/kit.js';
import { SERVER_MAIN } from '../src/server-child.js';
import { renderTable } from '../src/table.js';

const built = (file: string): string => {
  if (!existsSync(file)) throw new Error(`${file} is missing: build it first (npm run build).`);
  return file;
};
const SIMULATOR = fileURLToPath(new URL('../../simulator/dist/cli.js', import.meta.url));
const KIT = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const BROKEN = fileURLToPath(new URL('./broken-unit.mjs', import.meta.url));
const UNIT_ARGS = '--url {url} --enrollment-key {enrollmentKey} --serial {serial}';

const row = (report: KitReport, id: string): CheckResult => report.results.find((r) => r.id === id)!;

/**
 * The whole kit against real units: the built server, the kit's broker and front, and a unit
 * process. Slow (a run is half a minute or more), so both runs are in this one file and never
 * side by side.
 */
describe('the conformance kit', () => {
  it('passes the simulator on every required check, in under a minute', async () => {
    built(SERVER_MAIN);
    // The simulator keeps its credential in a file, as a unit keeps it on its storage: not in the repository.
    const credentials = path.join(mkdtempSync(path.join(tmpdir(), 'ed-conformance-sim-')), 'credentials.json');
    const command = `node ${built(SIMULATOR)} ${UNIT_ARGS} --heartbeat 5 --credentials ${credentials}`;
    const options = { unit: command, wait: false, serial: null, enrollmentKey: null, family: 'aligner' as const };
    const report = await runConformance(
      { ...options, timeoutSeconds: 30, json: null, topicRoot: 'conformance/v1' },
      () => {},
    );
    const failed = report.results.filter((r) => r.outcome === 'fail');
    expect(failed, renderTable(failed)).toEqual([]);
    expect(report.stoppedEarly).toBeNull();
    expect(report.passed).toBe(true);
    // An aligner runs no vendor pairings, and the kit does not rename units.
    expect(report.results.filter((r) => r.outcome === 'skip').map((r) => r.id)).toEqual([
      'valid-pairing',
      'reset-serial',
    ]);
    expect(report.durationMs).toBeLessThan(60_000);
    rmSync(path.dirname(credentials), { recursive: true, force: true });
  });

  it('fails a broken unit on the command line, naming each problem and its section', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ed-conformance-test-'));
    try {
      const json = path.join(dir, 'report.json');
      const unit = `node ${BROKEN} ${UNIT_ARGS} --string-update-state --object-error --reuse-seq`;
      const child = spawn(process.execPath, [built(KIT), '--unit', unit, '--timeout-seconds', '10', '--json', json]);
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, stdout).toBe(1);
      expect(stdout).toMatch(/Requirement +\| Section +\| Result \| Detail/);
      expect(stdout).toContain('DOES NOT CONFORM');
      const report = JSON.parse(readFileSync(json, 'utf8')) as KitReport;

      expect(row(report, 'valid-state')).toMatchObject({ outcome: 'fail', section: 'State reports' });
      expect(row(report, 'valid-state').detail).toMatch(
        /\/state seq \d+ .*updateState: Must be an object \(got string "idle"\)/,
      );
      expect(row(report, 'valid-state').detail).toContain('see docs/device-protocol.md#state-reports');

      expect(row(report, 'valid-reply')).toMatchObject({ outcome: 'fail', section: 'Replies' });
      expect(row(report, 'valid-reply').detail).toContain('error: Must be text (got an object).');
      expect(row(report, 'invalid-args')).toMatchObject({ outcome: 'fail', section: 'Replies' });
      expect(row(report, 'invalid-args').detail).toMatch(/^error is an object: .*it must be a string/);

      expect(row(report, 'reconnect')).toMatchObject({ outcome: 'fail', section: 'Sequences' });
      expect(row(report, 'reconnect').detail).toMatch(
        /reconnected with seq \d+ in its will, the seq of the connection it lost: a new connection takes a new seq; see docs\/device-protocol.md#sequences/,
      );
      expect(row(report, 'sequences').detail).toMatch(/connection #\d+: seq \d+ reuses that of connection #\d+/);

      // What it does right is not blamed.
      for (const id of ['register', 'rotation', 'connect-identity', 'will', 'check-in', 'birth', 'cmd-get_voltages']) {
        expect(row(report, id).outcome, id).toBe('pass');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
