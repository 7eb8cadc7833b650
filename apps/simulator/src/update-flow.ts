import type { StateMessage } from '@ed/contract/device-protocol';
import type { UpdateState } from '@ed/contract/equipment';
import { INSTALL_FAILED_STATE } from '@ed/contract/rollouts';
import { TimerGroup, type Clock } from './clock.js';
import { buildMeta } from './catalog.js';
import { CommandError } from './command-error.js';
import type { DownloadHandle, Downloader } from './downloader.js';
import { DownloadRetry } from './download-retry.js';
import { HttpDownloader } from './http-downloader.js';
import { InstallFates, type InstallFate, type InstallOutcomes } from './install-outcomes.js';
import { SpecFlow } from './spec-flow.js';
import { Prng } from './prng.js';
import { checkStagedSoftware, type PinnedRoot, type SignedFile } from './release-check.js';
import { TrustError } from '@ed/release-trust/verify';
import { idleUpdateState, type DeviceState } from './unit-profile.js';

/** What the update flow needs from its unit: the current state and a way to change and report it. */
export interface UpdateHost {
  readonly state: DeviceState;
  apply(patch: StateMessage): void;
  warn(message: string): void;
  /** The unit's credential for fetching a staged package, once it has registered. */
  deviceCredential(): { serialNumber: string; deviceToken: string; serverUrl: string } | null;
  /** The release root it pinned, or null for a unit that checks no signatures (docs/signed-updates.md). */
  readonly pinnedRoot: PinnedRoot | null;
}

/** What the server's `stage` command said: the version and where its files are. */
export interface StagedPackage {
  version: { semantic: string; meta: string | null };
  url: string;
  files: { name: string; size: number }[];
  /** The signed release metadata and the roots after the first (docs/signed-updates.md). */
  release?: unknown;
  roots?: unknown[];
}

const BUSY_STATES = new Set(['DOWNLOADING', 'VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE']);
const INSTALL_STATES = new Set(['VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE']);
const VALIDATING_MS = 3_000;
const RESTART_MS = 4_000;
const INSTALL_TICK_MS = 1_000;
/** The unit's updater notices a staged update on its next poll, then downloads and installs on its own. */
const STAGED_POLL_MS = 2_000;

/**
 * The unit's updater (part 1 §4): check, download, install, clear. Each step reports `updateState`
 * on the unit's state topic; download progress comes from the Downloader at most once a second.
 */
export class UpdateFlow {
  private readonly timers: TimerGroup;
  private readonly packageDownloader: Downloader;
  private readonly retry: DownloadRetry;
  private download: DownloadHandle | null = null;
  private staged: StagedPackage | null = null;
  /** The staged package's files as signed (size and SHA-256), when the unit checked its signatures. */
  private signedFiles: SignedFile[] | null = null;
  /** Stuck in INSTALLING_UPDATE (an install outcome): nothing more about the update until a restart. */
  private hung = false;
  readonly specs: SpecFlow;

  constructor(
    private readonly host: UpdateHost,
    private readonly clock: Clock,
    private readonly prng: Prng,
    private readonly downloader: Downloader,
    /** Whether installs fail or hang; its own stream, so setting outcomes shifts no other behaviour. */
    private readonly fates = new InstallFates(new Prng(7)),
  ) {
    this.timers = new TimerGroup(clock);
    this.retry = new DownloadRetry(this.timers, prng);
    this.specs = new SpecFlow(host, clock, prng);
    this.packageDownloader = new HttpDownloader(clock, prng, () => {
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

  /** The server staged an update: it becomes the pending download, fetched and installed unattended. */
  stage(update: StagedPackage): void {
    if (INSTALL_STATES.has(this.current.state)) throw new CommandError('an installation is in progress');
    // Staging is idempotent: a version the unit already runs (a tell repeated after its answer was
    // lost) is taken and changes nothing; installing it again would restart the unit for nothing.
    if (this.host.state.version.semantic === update.version.semantic) return;
    const same = this.staged?.version.semantic === update.version.semantic;
    this.staged = update;
    if (same && (this.download || this.downloaded === update.version.semantic)) return;
    this.download?.cancel();
    this.download = null;
    this.retry.reset();
    const signed = this.checkSignatures(update);
    if (signed === 'refused') return;
    this.signedFiles = signed;
    this.report(
      { state: 'READY_TO_DOWNLOAD', softwareUpdateDownload: null },
      { pendingSoftwareDownload: update.version.semantic },
    );
    this.timers.after(STAGED_POLL_MS, () => {
      if (this.staged === update && this.current.state === 'READY_TO_DOWNLOAD') this.downloadNow();
    });
  }

  /**
   * A unit that pinned a release root checks the staged release before it downloads a byte; a
   * refusal is a failed update with its reason, which the console's rollout counts.
   */
  private checkSignatures(update: StagedPackage): SignedFile[] | null | 'refused' {
    const pin = this.host.pinnedRoot;
    if (!pin) return null;
    try {
      const unit = { family: this.host.state.family, version: this.host.state.version.semantic };
      return checkStagedSoftware(pin, update, unit, new Date(this.clock.now()));
    } catch (err) {
      if (!(err instanceof TrustError)) throw err;
      this.staged = null;
      this.refuse(update.version.semantic, err.message);
      return 'refused';
    }
  }

  /** The unit will not install `version`: it says why, and keeps running what it runs. */
  private refuse(version: string, failure: string): void {
    this.signedFiles = null;
    this.host.warn(`refused update ${version}: ${failure}`);
    this.report(
      {
        state: INSTALL_FAILED_STATE,
        downloading: { ...this.current.downloading, software: false },
        downloadProgress: { ...this.current.downloadProgress, software: null },
        softwareUpdateDownload: null,
        failure,
      },
      { pendingSoftwareDownload: version },
    );
  }

  private get current(): UpdateState {
    return this.host.state.updateState ?? idleUpdateState('TRY_INSERT_UPDATE');
  }

  /** A failure is said with the state that failed; any later state drops it. */
  private report(changes: Partial<UpdateState>, extra: StateMessage = {}): void {
    const { failure: _said, ...current } = this.current;
    this.host.apply({ ...extra, updateState: { ...current, ...changes } });
  }

  private get downloaded(): string | null {
    return this.current.softwareUpdateDownload?.version.semantic ?? null;
  }

  /** How installs of which versions fail or hang from now on (an install under way keeps its fate). */
  setInstallOutcomes(outcomes: InstallOutcomes): void {
    this.fates.set(outcomes);
  }

  checkNow(): void {
    if (this.hung) return;
    const { state } = this.current;
    if (BUSY_STATES.has(state)) return this.report({});
    const pending = this.host.state.pendingSoftwareDownload;
    if (this.downloaded) return this.report({ state: 'READY_TO_INSTALL' });
    this.report({ state: pending ? 'READY_TO_DOWNLOAD' : 'TRY_INSERT_UPDATE' }, { pendingSoftwareDownload: pending });
  }

  /** The operator's lever (and the staged poll's): starts at once, and a later failure backs off afresh. */
  downloadNow(): void {
    this.retry.reset();
    this.startDownload();
  }

  private startDownload(): void {
    const { state } = this.current;
    if (INSTALL_STATES.has(state)) throw new CommandError('an installation is in progress');
    if (state === 'DOWNLOADING') return;
    const version = this.host.state.pendingSoftwareDownload;
    if (!version) throw new CommandError('no software download is pending');
    if (this.downloaded === version) return this.report({ state: 'READY_TO_INSTALL' });
    const fromServer = this.staged?.version.semantic === version;
    const downloader = fromServer ? this.packageDownloader : this.downloader;
    this.download = downloader.start({
      family: this.host.state.family,
      version,
      onProgress: (progress) =>
        this.report({
          state: 'DOWNLOADING',
          downloading: { ...this.current.downloading, software: true },
          downloadProgress: { ...this.current.downloadProgress, software: progress },
        }),
      onDone: () => {
        this.download = null;
        this.retry.reset();
        this.report({
          state: 'READY_TO_INSTALL',
          downloading: { ...this.current.downloading, software: false },
          downloadProgress: { ...this.current.downloadProgress, software: null },
          softwareUpdateDownload: { version: { semantic: version } },
        });
        if (fromServer) this.timers.after(STAGED_POLL_MS, () => this.installIfReady(version));
      },
      onError: (reason, refused = false, verdict = false) => {
        this.download = null;
        if (verdict) return this.refuse(version, reason);
        this.report({
          state: 'READY_TO_DOWNLOAD',
          downloading: { ...this.current.downloading, software: false },
          downloadProgress: { ...this.current.downloadProgress, software: null },
        });
        const wait = this.retry.failed(refused, () => this.retryDownload(version));
        // Said once per streak: a fleet whose server is down for an hour would say it every minute.
        if (wait === null) this.host.warn(`download of ${version} failed: ${reason}; giving up until told again`);
        else if (this.retry.failuresInARow === 1) this.host.warn(`download of ${version} failed: ${reason}; retrying`);
      },
    });
  }

  /** The back-off is over: tries again while the version is still pending and no download runs. */
  private retryDownload(version: string): void {
    if (this.host.state.pendingSoftwareDownload !== version || this.download) return;
    // A spec release may be downloading or installing meanwhile (the two share updateState).
    if (BUSY_STATES.has(this.current.state)) return this.retry.again(() => this.retryDownload(version));
    this.startDownload();
  }

  private installIfReady(version: string): void {
    if (this.current.state === 'READY_TO_INSTALL' && this.downloaded === version) this.installNow();
  }

  installNow(): void {
    const { state } = this.current;
    if (INSTALL_STATES.has(state)) return;
    const version = this.downloaded;
    if (state !== 'READY_TO_INSTALL' || !version) throw new CommandError('no downloaded update to install');
    const fate = this.fates.decide(version);
    this.report({ state: 'VALIDATING_UPDATE' });
    this.timers.after(VALIDATING_MS, () => {
      this.report({ state: 'SYSMAN_RESTART' });
      this.timers.after(RESTART_MS, () => this.install(version, 0, fate));
    });
  }

  private install(version: string, progress: number, fate: InstallFate): void {
    if (fate.kind !== 'complete' && progress >= fate.atPercent) return this.stopInstall(fate.kind);
    if (progress < 100) {
      this.report({
        state: 'INSTALLING_UPDATE',
        installing: { ...this.current.installing, software: true },
        installProgress: { ...this.current.installProgress, software: progress },
      });
      const next = Math.min(100, progress + this.prng.int(5, 12));
      this.timers.after(INSTALL_TICK_MS, () => this.install(version, next, fate));
      return;
    }
    this.report(
      {
        state: 'INSTALLATION_COMPLETE',
        installing: { ...this.current.installing, software: false },
        installProgress: { ...this.current.installProgress, software: null },
        softwareUpdateDownload: null,
      },
      {
        version: {
          semantic: version,
          meta: this.staged?.version.semantic === version ? this.staged.version.meta : buildMeta(version),
        },
        pendingSoftwareDownload: null,
      },
    );
    this.staged = null;
  }

  /**
   * A failed install says so and leaves the unit on its version with its pending download, so the
   * server can stage again or clear; a hung one stays at its last percent and reports no more.
   */
  private stopInstall(kind: 'fail' | 'hang'): void {
    if (kind === 'hang') {
      this.hung = true;
      return;
    }
    this.report({
      state: INSTALL_FAILED_STATE,
      installing: { ...this.current.installing, software: false },
      installProgress: { ...this.current.installProgress, software: null },
      softwareUpdateDownload: null,
      failure: 'install: the installer stopped and the unit kept its version',
    });
  }

  /** The unit restarted: a download or install under way (a hang too) is gone; it is idle on its version. */
  restart(): void {
    const interrupted = this.download !== null || INSTALL_STATES.has(this.current.state);
    this.download?.cancel();
    this.download = null;
    this.timers.cancelAll();
    this.retry.reset();
    this.hung = false;
    if (!interrupted) return;
    const pending = this.host.state.pendingSoftwareDownload;
    this.host.apply({ updateState: idleUpdateState(pending ? 'READY_TO_DOWNLOAD' : 'TRY_INSERT_UPDATE') });
  }

  clearPending(): void {
    if (INSTALL_STATES.has(this.current.state)) throw new CommandError('an installation is in progress');
    this.download?.cancel();
    this.download = null;
    this.retry.reset();
    this.staged = null;
    this.host.apply({ pendingSoftwareDownload: null, updateState: idleUpdateState('TRY_INSERT_UPDATE') });
  }

  stop(): void {
    this.download?.cancel();
    this.download = null;
    this.timers.cancelAll();
    this.specs.stop();
  }
}
