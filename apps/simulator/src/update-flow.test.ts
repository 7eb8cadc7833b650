import { describe, expect, it } from 'vitest';
import { updateFlowHarness as setup } from './test-support.js';

describe('update flow', () => {
  it('goes from pending through download and install to the new version', () => {
    const { clock, host, flow, reports, states } = setup();
    flow.checkNow();
    expect(host.state.updateState?.state).toBe('READY_TO_DOWNLOAD');

    flow.downloadNow();
    expect(host.state.updateState).toMatchObject({ state: 'DOWNLOADING', downloading: { software: true } });
    clock.advance(60_000);
    const downloading = reports.filter((r) => r.patch.updateState?.state === 'DOWNLOADING');
    expect(downloading.length).toBeGreaterThan(3);
    for (let i = 1; i < downloading.length; i += 1) {
      expect(downloading[i]!.at - downloading[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    }
    const progress = downloading.map((r) => r.patch.updateState!.downloadProgress.software!);
    expect(progress.map((p) => p.currentFile)).toContain('aligner-5.2.0.swu');
    for (const p of progress) {
      expect(p.totalFilesToTransfer).toBe(3);
      expect(p.fileProgress.progress).toBeGreaterThanOrEqual(0);
      expect(p.fileProgress.progress).toBeLessThanOrEqual(100);
    }
    expect(progress.some((p) => p.fileProgress.transferRate > 300_000)).toBe(true);
    expect(host.state.updateState).toMatchObject({
      state: 'READY_TO_INSTALL',
      downloading: { software: false },
      downloadProgress: { software: null },
      softwareUpdateDownload: { version: { semantic: '5.2.0' } },
    });

    flow.installNow();
    expect(host.state.updateState?.state).toBe('VALIDATING_UPDATE');
    clock.advance(120_000);
    const installing = reports.filter((r) => r.patch.updateState?.state === 'INSTALLING_UPDATE');
    const percents = installing.map((r) => r.patch.updateState!.installProgress.software);
    expect(percents[0]).toBe(0);
    expect(percents).toEqual([...percents].sort((a, b) => a! - b!));
    expect(installing.every((r) => r.patch.updateState!.installing.software)).toBe(true);
    expect(new Set(states())).toEqual(
      new Set([
        'READY_TO_DOWNLOAD',
        'DOWNLOADING',
        'READY_TO_INSTALL',
        'VALIDATING_UPDATE',
        'SYSMAN_RESTART',
        'INSTALLING_UPDATE',
        'INSTALLATION_COMPLETE',
      ]),
    );
    expect(host.state.version.semantic).toBe('5.2.0');
    expect(host.state.pendingSoftwareDownload).toBeNull();
    expect(host.state.updateState).toMatchObject({ installing: { software: false }, softwareUpdateDownload: null });
  });

  it('reports nothing pending on check when nothing is staged', () => {
    const { host, flow } = setup({ pendingSoftwareDownload: null });
    flow.checkNow();
    expect(host.state.updateState?.state).toBe('TRY_INSERT_UPDATE');
    expect(() => flow.downloadNow()).toThrow('no software download is pending');
    expect(() => flow.installNow()).toThrow('no downloaded update to install');
  });

  it('clears a pending update, cancelling its download', () => {
    const { clock, host, flow, reports } = setup();
    flow.downloadNow();
    clock.advance(1_500);
    flow.clearPending();
    const count = reports.length;
    clock.advance(60_000);
    expect(reports).toHaveLength(count);
    expect(host.state.pendingSoftwareDownload).toBeNull();
    expect(host.state.updateState?.state).toBe('TRY_INSERT_UPDATE');
  });

  it('refuses to clear or download during an installation, and ignores a second install', () => {
    const { clock, flow } = setup();
    flow.downloadNow();
    clock.advance(60_000);
    flow.installNow();
    expect(() => flow.clearPending()).toThrow('an installation is in progress');
    expect(() => flow.downloadNow()).toThrow('an installation is in progress');
    expect(() => flow.installNow()).not.toThrow();
  });

  it('stops every timer when the unit stops', () => {
    const { clock, flow } = setup();
    flow.downloadNow();
    flow.stop();
    expect(clock.pending).toBe(0);
  });

  it('takes a stage of the version it already runs and changes nothing (a tell repeated after a lost answer)', () => {
    const { host, flow, reports } = setup({ version: { semantic: '6.0.0', meta: null } });
    flow.stage({ version: { semantic: '6.0.0', meta: null }, url: '/device/v1/packages/1/', files: [] });
    expect(reports).toEqual([]);
    expect(host.state.version.semantic).toBe('6.0.0');
  });
});
