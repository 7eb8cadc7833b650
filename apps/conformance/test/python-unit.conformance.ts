import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../src/kit.js';
import { SERVER_MAIN } from '../src/server-child.js';
import { renderTable } from '../src/table.js';

const PYTHON = '/usr/bin/python3';
const UNIT = fileURLToPath(new URL('../../../examples/python-unit/unit.py', import.meta.url));

/**
 * A unit in a second language, written from the published documents only, passes the kit as the
 * simulator does: every required check, on each family.
 */
describe('the Python reference unit', () => {
  it.each(['aligner', 'gtps'] as const)('conforms as family %s', async (family) => {
    if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: build it first (npm run build).`);
    // Its one dependency, from Debian: without it this tier fails rather than passing empty.
    execFileSync(PYTHON, ['-c', 'import paho.mqtt.client']);
    const state = mkdtempSync(path.join(tmpdir(), 'ed-python-unit-'));
    try {
      const unit =
        `${PYTHON} ${UNIT} --url {url} --serial {serial} --enrollment-key {enrollmentKey}` +
        ` --family ${family} --heartbeat 5 --state-dir ${state}`;
      const report = await runConformance(
        {
          unit,
          wait: false,
          serial: null,
          enrollmentKey: null,
          family,
          timeoutSeconds: 30,
          json: null,
          topicRoot: 'conformance/v1',
        },
        () => {},
      );
      const failed = report.results.filter((r) => r.outcome === 'fail');
      expect(failed, renderTable(failed)).toEqual([]);
      expect(report.passed).toBe(true);
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});
