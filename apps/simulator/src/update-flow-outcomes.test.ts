import { INSTALL_FAILED_STATE } from '@ed/contract/rollouts';
import { describe, expect, it } from 'vitest';
import type { InstallOutcomes } from './install-outcomes.js';
import { updateFlowHarness } from './test-support.js';

/** Downloads the pending 5.2.0 (the built-in source) and installs it, with the time both take. */
function install(outcomes: InstallOutcomes, fateSeed = 9) {
  const harness = updateFlowHarness({}, outcomes, fateSeed);
  harness.flow.downloadNow();
  harness.clock.advance(60_000);
  harness.flow.installNow();
  harness.clock.advance(120_000);
  const percents = () =>
    harness.reports
      .filter((r) => r.patch.updateState?.state === 'INSTALLING_UPDATE')
      .map((r) => r.patch.updateState!.installProgress.software!);
  return { ...harness, percents };
}

const staged = (semantic: string) => ({ version: { semantic, meta: null }, url: '/device/v1/packages/9/', files: [] });

describe('install outcomes', () => {
  it('completes when the rates are 0', () => {
    const { host } = install({ '5.2.0': { failRate: 0, hangRate: 0 } });
    expect(host.state.version.semantic).toBe('5.2.0');
    expect(host.state.updateState?.state).toBe('INSTALLATION_COMPLETE');
  });

  it('fails partway with fail rate 1, keeping the version and the pending download', () => {
    const { host, flow, clock, reports, percents } = install({ '5.2.0': { failRate: 1 } });
    expect(host.state.updateState).toMatchObject({
      state: INSTALL_FAILED_STATE,
      installing: { software: false },
      installProgress: { software: null },
      softwareUpdateDownload: null,
    });
    expect(percents().length).toBeGreaterThan(1);
    expect(Math.max(...percents())).toBeLessThan(100);
    expect(host.state.version).toEqual({ semantic: '5.1.2', meta: 'build.1234' });
    expect(host.state.pendingSoftwareDownload).toBe('5.2.0');
    const count = reports.length;
    clock.advance(600_000);
    expect(reports).toHaveLength(count);

    // Not an install state: the server may stage again, or clear.
    flow.stage(staged('5.2.1'));
    expect(host.state).toMatchObject({ pendingSoftwareDownload: '5.2.1', updateState: { state: 'READY_TO_DOWNLOAD' } });
    flow.clearPending();
    expect(host.state).toMatchObject({ pendingSoftwareDownload: null, updateState: { state: 'TRY_INSERT_UPDATE' } });
  });

  it('installs again after a failure once the version no longer fails', () => {
    const { host, flow, clock } = install({ '5.2.': { failRate: 1 } });
    expect(host.state.updateState?.state).toBe(INSTALL_FAILED_STATE);
    flow.setInstallOutcomes({});
    flow.downloadNow();
    clock.advance(60_000);
    flow.installNow();
    clock.advance(120_000);
    expect(host.state.version.semantic).toBe('5.2.0');
  });

  it('hangs with hang rate 1: no further reports, clear refused, until the unit restarts', () => {
    const { host, flow, clock, reports, percents } = install({ '5.2.0': { hangRate: 1 } });
    expect(host.state.updateState).toMatchObject({ state: 'INSTALLING_UPDATE', installing: { software: true } });
    const stuckAt = host.state.updateState!.installProgress.software;
    expect(stuckAt).toBe(percents().at(-1));
    expect(stuckAt).toBeGreaterThan(0);
    expect(stuckAt).toBeLessThan(100);
    const count = reports.length;
    clock.advance(24 * 3_600_000);
    flow.checkNow();
    flow.installNow();
    expect(reports).toHaveLength(count);
    expect(clock.pending).toBe(0);
    expect(() => flow.clearPending()).toThrow('an installation is in progress');
    expect(() => flow.stage(staged('5.2.1'))).toThrow('an installation is in progress');

    flow.restart();
    expect(host.state.version.semantic).toBe('5.1.2');
    expect(host.state.pendingSoftwareDownload).toBe('5.2.0');
    expect(host.state.updateState).toMatchObject({
      state: 'READY_TO_DOWNLOAD',
      installing: { software: false },
      installProgress: { software: null },
    });
    flow.clearPending();
    expect(host.state.updateState?.state).toBe('TRY_INSERT_UPDATE');
  });

  it('leaves a unit that is not updating as it is on restart', () => {
    const { host, flow, reports } = updateFlowHarness();
    flow.checkNow();
    const count = reports.length;
    flow.restart();
    expect(reports).toHaveLength(count);
    expect(host.state.updateState?.state).toBe('READY_TO_DOWNLOAD');
  });

  it('replays the same outcomes with the same seed', () => {
    const outcomes = { '5.2.0': { failRate: 0.4, hangRate: 0.3 } };
    const runs = (seed: number) =>
      Array.from({ length: 12 }, (_, i) => install(outcomes, seed * 100 + i)).map(({ reports }) => reports);
    const first = runs(1);
    expect(runs(1)).toEqual(first);
    const ends = first.map((reports) => reports.at(-1)!.patch.updateState!.state);
    expect(new Set(ends)).toEqual(new Set([INSTALL_FAILED_STATE, 'INSTALLING_UPDATE', 'INSTALLATION_COMPLETE']));
  });
});
