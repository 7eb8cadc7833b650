import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTool, tool } from './tools.js';

const UNIT = fileURLToPath(new URL('../systemd/equipment-dashboard.service', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

const missing = missingTool('systemdAnalyze');
if (missing) console.warn(`The systemd unit is not verified: ${missing}.`);

/**
 * deploy/systemd/equipment-dashboard.service as systemd reads it: no unknown or misspelt
 * directive, a command that exists, and the hardening systemd-analyze scores as exposure ≤ 2.0.
 * The installation's paths are this checkout's, as if it were installed under /opt.
 */
describe.skipIf(Boolean(missing))('the systemd unit', () => {
  let dir: string;
  let installed: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-systemd-'));
    installed = path.join(dir, 'equipment-dashboard.service');
    const text = (await readFile(UNIT, 'utf8'))
      .replaceAll('/usr/bin/node', process.execPath)
      .replaceAll('/opt/equipment-dashboard/', REPOSITORY)
      .replaceAll('/opt/equipment-dashboard', REPOSITORY.replace(/\/$/, ''))
      // The settings file is the operator's; here there is none.
      .replace('EnvironmentFile=/', 'EnvironmentFile=-/');
    await writeFile(installed, text);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('passes systemd-analyze verify without a word', async () => {
    const verified = await tool('systemdAnalyze', ['verify', installed]);
    // Unknown keys are warnings with exit code 0: any output is a finding.
    expect(verified.output.trim()).toBe('');
    expect(verified.code).toBe(0);
  });

  it('is hardened: exposure 2.0 or less, a read-only system, no new privileges, restarted on failure', async () => {
    const security = await tool('systemdAnalyze', ['security', '--offline=true', '--threshold=20', installed]);
    expect(security.code, security.output).toBe(0);
    const text = await readFile(UNIT, 'utf8');
    for (const line of [
      'ProtectSystem=strict',
      'NoNewPrivileges=true',
      'StateDirectory=equipment-dashboard',
      'Restart=on-failure',
    ]) {
      expect(text).toContain(`\n${line}\n`);
    }
  });
});
