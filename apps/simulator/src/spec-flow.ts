import type { UpdateState } from '@ed/contract/equipment';
import { TimerGroup, type Clock } from './clock.js';
import { CommandError } from './command-error.js';
import type { DownloadHandle } from './downloader.js';
import { DownloadRetry } from './download-retry.js';
import { HttpDownloader } from './http-downloader.js';
import type { Prng } from './prng.js';
import { idleUpdateState } from './unit-profile.js';
import { INSTALL_FAILED_STATE } from '@ed/contract/rollouts';
import { TrustError } from '@ed/release-trust/verify';
import { checkStagedSpecs, type SignedFile } from './release-check.js';
import type { UpdateHost } from './update-flow.js';

export interface StagedSpecs {
  version: { name: string; month: number; year: number };
  url: string;
  files: { name: string; size: number }[];
  /** The signed release metadata and the roots after the first (docs/signed-updates.md). */
  release?: unknown;
  roots?: unknown[];
}

const BUSY = new Set(['DOWNLOADING', 'VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE']);
const INSTALL_TICK_MS = 1_000;

/**
 * A spec release: downloaded like a software package (progress under `specs`), installed in a few
 * seconds, then reported as the unit's specs with an expiration a year after the release.
 */
export class SpecFlow {
  private readonly timers: TimerGroup;
  private readonly downloader: HttpDownloader;
  private readonly retry: DownloadRetry;
  private download: DownloadHandle | null = null;
  private staged: StagedSpecs | null = null;
  /** The staged release's files as signed, when the unit checked its signatures. */
  private signedFiles: SignedFile[] | null = null;

  constructor(
    private readonly host: UpdateHost,
    private readonly clock: Clock,
    private readonly prng: Prng,
  ) {
    this.timers = new TimerGroup(clock);
    this.retry = new DownloadRetry(this.timers, prng);
    this.downloader = new HttpDownloader(clock, prng, () => {
      const credential = this.host.deviceCredential();
      return this.staged && credential
        ? {
            ...credential,
            files: this.signedFiles ?? this.staged.files,
            url: new URL(this.staged.url, credential.serverUrl).href,
          }
        : null;
    });
  }

  private get current(): UpdateState {
    return this.host.state.updateState ?? idleUpdateState('TRY_INSERT_UPDATE');
  }

  /** A failure is said with the state that failed; any later state drops it. */
  private report(changes: Partial<UpdateState>): void {
    const { failure: _said, ...current } = this.current;
    this.host.apply({ updateState: { ...current, ...changes } });
  }

  stage(specs: StagedSpecs): void {
    if (BUSY.has(this.current.state) && !this.download) throw new CommandError('an update is in progress');
    if (this.host.state.specs?.name === specs.version.name) return;
    this.retry.reset();
    const pin = this.host.pinnedRoot;
    try {
      const installed = this.host.state.specs ?? null;
      this.signedFiles = pin ? checkStagedSpecs(pin, specs, installed, new Date(this.clock.now())) : null;
    } catch (err) {
      if (!(err instanceof TrustError)) throw err;
      return this.refuse(specs, err.message);
    }
    this.staged = specs;
    this.startDownload(specs);
  }

  /** The unit will not install the release: it says why, and keeps its specs. */
  private refuse(specs: StagedSpecs, failure: string): void {
    this.staged = null;
    this.signedFiles = null;
    this.host.warn(`refused specs ${specs.version.name}: ${failure}`);
    this.report({
      state: INSTALL_FAILED_STATE,
      downloading: { ...this.current.downloading, specs: false },
      downloadProgress: { ...this.current.downloadProgress, specs: null },
      failure,
    });
  }

  private startDownload(specs: StagedSpecs): void {
    this.download?.cancel();
    this.download = this.downloader.start({
      family: this.host.state.family,
      version: specs.version.name,
      onProgress: (progress) =>
        this.report({
          state: 'DOWNLOADING',
          downloading: { ...this.current.downloading, specs: true },
          downloadProgress: { ...this.current.downloadProgress, specs: progress },
        }),
      onDone: () => {
        this.download = null;
        this.retry.reset();
        this.report({
          downloading: { ...this.current.downloading, specs: false },
          downloadProgress: { ...this.current.downloadProgress, specs: null },
        });
        this.install(specs, 0);
      },
      onError: (reason, refused = false, verdict = false) => {
        this.download = null;
        if (verdict) return this.refuse(specs, reason);
        this.report({
          state: 'TRY_INSERT_UPDATE',
          downloading: { ...this.current.downloading, specs: false },
          downloadProgress: { ...this.current.downloadProgress, specs: null },
        });
        const wait = this.retry.failed(refused, () => this.retryDownload(specs));
        if (wait === null) this.staged = null;
        // Said once per streak, as for software (update-flow.ts).
        if (wait === null || this.retry.failuresInARow === 1) {
          this.host.warn(
            `download of specs ${specs.version.name} failed: ${reason}; ${wait === null ? 'giving up' : 'retrying'}`,
          );
        }
      },
    });
  }

  /** The back-off is over: tries again while the release is still the staged one. */
  private retryDownload(specs: StagedSpecs): void {
    if (this.staged !== specs || this.download) return;
    // A software update may be downloading or installing meanwhile (the two share updateState).
    if (BUSY.has(this.current.state)) return this.retry.again(() => this.retryDownload(specs));
    this.startDownload(specs);
  }

  private install(specs: StagedSpecs, progress: number): void {
    if (progress < 100) {
      this.report({
        state: 'INSTALLING_UPDATE',
        installing: { ...this.current.installing, specs: true },
        installProgress: { ...this.current.installProgress, specs: progress },
      });
      this.timers.after(INSTALL_TICK_MS, () => this.install(specs, Math.min(100, progress + this.prng.int(20, 40))));
      return;
    }
    this.staged = null;
    this.host.apply({
      specs: { ...specs.version },
      specsExpiration: { month: specs.version.month, year: specs.version.year + 1 },
      updateState: {
        ...this.current,
        state: 'INSTALLATION_COMPLETE',
        installing: { ...this.current.installing, specs: false },
        installProgress: { ...this.current.installProgress, specs: null },
      },
    });
  }

  stop(): void {
    this.download?.cancel();
    this.download = null;
    this.retry.reset();
    this.timers.cancelAll();
  }
}
