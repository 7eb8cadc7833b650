import { describe, expect, it } from 'vitest';
import { TimerGroup } from './clock.js';
import { DownloadRetry, REFUSED_RETRIES } from './download-retry.js';
import type { DownloadJob, Downloader } from './downloader.js';
import { FakeClock } from './fake-clock.js';
import { Prng } from './prng.js';
import { testProfile } from './test-support.js';
import { UpdateFlow } from './update-flow.js';
import type { PinnedRoot } from './release-check.js';

describe('download back-off', () => {
  it('starts near 2 s, doubles, stays at or under a minute, and differs from unit to unit', () => {
    const retry = new DownloadRetry(new TimerGroup(new FakeClock()), new Prng(1));
    const waits = Array.from({ length: 10 }, () => retry.failed(false, () => undefined)!);
    waits.forEach((wait, i) => {
      const base = Math.min(60_000, 2_000 * 2 ** i);
      expect(wait).toBeGreaterThanOrEqual(base * 0.75);
      expect(wait).toBeLessThanOrEqual(base);
    });
    expect(waits.at(-1)).toBeGreaterThanOrEqual(45_000);
    const firstWaits = [1, 2, 3, 4, 5].map((seed) =>
      new DownloadRetry(new TimerGroup(new FakeClock()), new Prng(seed)).failed(false, () => undefined),
    );
    expect(new Set(firstWaits).size).toBe(5);
  });

  it('retries a refusal a few times only, and a reset starts the back-off afresh', () => {
    const clock = new FakeClock();
    const retry = new DownloadRetry(new TimerGroup(clock), new Prng(1));
    for (let i = 0; i < REFUSED_RETRIES; i += 1) expect(retry.failed(true, () => undefined)).not.toBeNull();
    expect(retry.failed(true, () => undefined)).toBeNull();
    expect(clock.pending).toBe(0);
    retry.reset();
    expect(retry.failed(true, () => undefined)).toBeLessThanOrEqual(2_000);
  });
});

/** A built-in source whose first `failures` downloads fail after 100 ms; the others take 100 ms. */
class FlakyDownloader implements Downloader {
  readonly starts: number[] = [];
  constructor(
    private readonly clock: FakeClock,
    private failures: number,
  ) {}

  start(job: DownloadJob) {
    this.starts.push(this.clock.now());
    const fail = this.failures > 0;
    this.failures -= 1;
    const handle = this.clock.setTimeout(() => (fail ? job.onError('HTTP 503') : job.onDone()), 100);
    return { cancel: () => this.clock.clearTimeout(handle) };
  }
}

function flakyFlow(failures: number) {
  const clock = new FakeClock();
  const downloader = new FlakyDownloader(clock, failures);
  const host = {
    state: structuredClone(testProfile().state),
    apply: (patch: object) => Object.assign(host.state, patch),
    warn: () => undefined,
    deviceCredential: () => null,
    pinnedRoot: null as PinnedRoot | null,
  };
  const flow = new UpdateFlow(host, clock, new Prng(3), downloader);
  const gaps = () => downloader.starts.slice(1).map((at, i) => at - downloader.starts[i]!);
  return { clock, downloader, host, flow, gaps };
}

describe('an update download that fails', () => {
  it('is retried with back-off until it succeeds, without being told', () => {
    const { clock, host, flow, gaps } = flakyFlow(3);
    flow.downloadNow();
    clock.advance(1_000);
    expect(host.state.updateState).toMatchObject({ state: 'READY_TO_DOWNLOAD', downloading: { software: false } });
    clock.advance(60_000);
    expect(host.state.updateState).toMatchObject({
      state: 'READY_TO_INSTALL',
      softwareUpdateDownload: { version: { semantic: '5.2.0' } },
    });
    const waits = gaps().map((gap) => gap - 100);
    expect(waits).toHaveLength(3);
    [2_000, 4_000, 8_000].forEach((base, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(base * 0.75);
      expect(waits[i]).toBeLessThanOrEqual(base);
    });
  });

  it('starts at once on download_now during the wait, and backs off afresh after', () => {
    const { clock, downloader, flow, gaps } = flakyFlow(10);
    flow.downloadNow();
    clock.advance(100 + 1_000);
    // Failed twice now: the next retry would be about 4 s away.
    clock.advance(2_000);
    expect(downloader.starts).toHaveLength(2);
    clock.advance(150);
    flow.downloadNow();
    expect(downloader.starts).toHaveLength(3);
    clock.advance(100 + 2_000);
    expect(downloader.starts).toHaveLength(4);
    expect(gaps().at(-1)).toBeLessThanOrEqual(2_100);
  });

  it('stops retrying once the pending update is cleared', () => {
    const { clock, downloader, host, flow } = flakyFlow(10);
    flow.downloadNow();
    clock.advance(100);
    flow.clearPending();
    clock.advance(600_000);
    expect(downloader.starts).toHaveLength(1);
    expect(host.state.updateState?.state).toBe('TRY_INSERT_UPDATE');
    expect(clock.pending).toBe(0);
  });
});
