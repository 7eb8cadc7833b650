import { refusalText, replyTopicFor } from './server-messages.js';
import { EventEmitter } from 'node:events';
import type { ReplyMessage, StateMessage } from '@ed/contract/device-protocol';
import { deviceTopics, type DeviceTopics } from '@ed/contract/device-topics';
import { ProcedureCycle } from './activity.js';
import { AssistantChats } from './assistant-chats.js';
import { uploadLatestCalibration } from './calibration-upload.js';
import { PinnedRoot } from './release-check.js';
import { scheduleChurn } from './churn.js';
import { CheckInRetry, type CheckInOutcome } from './check-in-retry.js';
import { TimerGroup, systemClock, type Clock, type TimerHandle } from './clock.js';
import { ReplyCache, dispatchCommand } from './command-dispatch.js';
import type { CommandTarget } from './commands.js';
import { VirtualDownloader } from './downloader.js';
import { Inbox } from './inbox.js';
import { InstallFates, type InstallOutcomes } from './install-outcomes.js';
import { silentLogger, type Logger } from './logger.js';
import { brokerUrl } from './mqtt-connection.js';
import { PairingFlow } from './pairing-flow.js';
import { Prng } from './prng.js';
import { ReportStamps, Sequence } from './sequence.js';
import { checkIn, obtainCredential, type UnitCredential } from './unit-credential.js';
import { UnitLink } from './unit-link.js';
import type { DeviceState, UnitProfile } from './unit-profile.js';
import { TruthCounters, type UnitTruth } from './unit-truth.js';
import type { UnitEvents, UnitOptions } from './unit-options.js';
import { UpdateFlow } from './update-flow.js';

const RENAME_RECONNECT_MS = 1_000;

/** How long a restarted unit is away before it connects again. */
const RESTART_OFFLINE_MS = 5_000;

/** One unit: registers, connects, reports its state, answers commands and lives its day. */
export class SimulatedUnit extends EventEmitter<UnitEvents> implements CommandTarget {
  readonly clock: Clock;
  readonly seed: number;
  readonly updates: UpdateFlow;
  readonly pairings: PairingFlow;
  readonly inbox: Inbox;
  private readonly logger: Logger;
  private readonly prng: Prng;
  private readonly activity: ProcedureCycle;
  private readonly chats: AssistantChats;
  private readonly timers: TimerGroup;
  private readonly replies = new ReplyCache();
  private readonly abort = new AbortController();
  private serial: string;
  private current: DeviceState;
  private link: UnitLink | null = null;
  private credential: UnitCredential | null = null;
  private readonly sequence: Sequence;
  private readonly reportStamps: ReportStamps;
  private readonly checkIns: CheckInRetry;
  private readonly counters = new TruthCounters();
  /** What a command left to do once its reply has gone out (a rename, a rebirth). */
  private afterReply: ((sent: Promise<void>) => Promise<void> | void) | null = null;
  private reRegistering = false;
  private churnTimer: TimerHandle | null = null;
  private announced = false;
  private reports = 0;
  readonly pinnedRoot: PinnedRoot | null;

  constructor(
    readonly profile: UnitProfile,
    private readonly options: UnitOptions,
  ) {
    super();
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.seed = profile.seed;
    this.prng = Prng.derive(profile.seed, 1);
    this.serial = profile.serialNumber;
    this.current = structuredClone(profile.state);
    this.pinnedRoot = options.trustRoot ? new PinnedRoot(options.trustRoot) : null;
    this.timers = new TimerGroup(this.clock);
    this.sequence = new Sequence(this.clock);
    this.reportStamps = new ReportStamps(this.sequence);
    this.checkIns = new CheckInRetry(this.clock, Prng.derive(profile.seed, 9), (seq, signal) =>
      this.checkIn(seq, signal),
    );
    const downloader = options.downloader ?? new VirtualDownloader(this.clock, Prng.derive(profile.seed, 2));
    const fates = new InstallFates(Prng.derive(profile.seed, 7), options.installOutcomes);
    this.updates = new UpdateFlow(this, this.clock, Prng.derive(profile.seed, 3), downloader, fates);
    this.pairings = new PairingFlow(this, this.clock, Prng.derive(profile.seed, 6));
    this.activity = new ProcedureCycle(this, this.clock, Prng.derive(profile.seed, 4));
    this.inbox = new Inbox(
      () => this.serial,
      this.logger,
      () => this.clock.now(),
    );
    this.chats = new AssistantChats(
      { serialNumber: profile.serialNumber, deviceToken: () => this.credential?.deviceToken ?? null },
      options.assistantUrl ?? `${options.serverUrl.replace(/\/+$/, '')}/assistant`,
      this.clock,
      Prng.derive(profile.seed, 8),
      this.logger,
    );
  }

  deviceCredential(): { serialNumber: string; deviceToken: string; serverUrl: string } | null {
    if (!this.credential) return null;
    return { serialNumber: this.serial, deviceToken: this.credential.deviceToken, serverUrl: this.options.serverUrl };
  }

  get serialNumber(): string {
    return this.serial;
  }

  /** The deployment's topics, as the server named their root at registration. */
  get topics(): DeviceTopics {
    return this.credential?.topics ?? deviceTopics();
  }

  get state(): DeviceState {
    return this.current;
  }

  /** The unit's device credential, once registered (its HTTP calls use it too). */
  get deviceToken(): string | null {
    return this.credential?.deviceToken ?? null;
  }

  get online(): boolean {
    return this.link?.online ?? false;
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** Registers if needed and connects; resolves once the unit has announced itself the first time. */
  async start(): Promise<void> {
    await this.register();
    const online = this.waitFor('online');
    this.openLink();
    await online;
    if (this.profile.offline) await this.closeLink('clean');
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.abort.abort(new Error(`${this.serial} stopped`));
    this.timers.cancelAll();
    this.updates.stop();
    this.pairings.stop();
    this.activity.stop();
    this.chats.stop();
    await this.closeLink('clean');
  }

  /** Merges a change into the state and reports it (only the change) while connected. */
  apply(patch: StateMessage): void {
    Object.assign(this.current, patch);
    this.counters.state(patch);
    this.emit('state', patch);
    this.link?.publishState(patch);
  }

  /** Publishes on one of the unit's own topics while connected. */
  publish(topic: string, message: unknown): void {
    this.link?.publish(topic, message);
  }

  warn(message: string): void {
    this.logger.warn(`${this.serial}: ${message}`);
  }

  busy(): boolean {
    const state = this.current.updateState?.state;
    return state === 'VALIDATING_UPDATE' || state === 'SYSMAN_RESTART' || state === 'INSTALLING_UPDATE';
  }

  nextReportPrng(): Prng {
    this.reports += 1;
    return Prng.derive(this.seed, 1000 + this.reports);
  }

  requestRename(newSerialNumber: string): void {
    this.afterReply = () => this.rename(newSerialNumber);
  }

  requestRebirth(newConnection: boolean): void {
    this.afterReply = (sent) => this.link?.rebirth(newConnection, sent);
  }

  recordStage(version: string): void {
    this.counters.stage(version, this.link?.connectionSeq ?? null);
  }

  /** What the unit knows of itself, for a test harness to compare with the server (unit-truth.ts). */
  truth(): UnitTruth {
    return this.counters.snapshot({
      serialNumber: this.serial,
      online: this.online,
      connectionSeq: this.link?.connectionSeq ?? null,
      stateSeq: this.reportStamps.latest,
      version: this.current.version.semantic,
      updateState: this.current.updateState?.state ?? null,
    });
  }

  /** Handles a raw `cmd` payload and publishes the reply; exposed so tests can drive it without a broker. */
  async handleCommand(payload: Buffer | string): Promise<ReplyMessage | null> {
    const serial = this.serial;
    const reply = await dispatchCommand(payload, this, this.replies, this.logger);
    const sent =
      reply && this.link ? this.link.deliver(replyTopicFor(payload, serial, this.topics), reply) : Promise.resolve();
    const after = this.afterReply;
    this.afterReply = null;
    if (after) await after(sent);
    return reply;
  }

  /** Drops the connection now and comes back after `offlineMs` (churn, or a test of presence). */
  async dropFor(offlineMs: number, mode: 'clean' | 'drop'): Promise<void> {
    await this.closeLink(mode);
    this.timers.after(offlineMs, () => this.openLink());
  }

  /** Shares of installs that fail or hang, by version, from the next install on; throws a RangeError if one is off. */
  setInstallOutcomes(outcomes: InstallOutcomes): void {
    this.updates.setInstallOutcomes(outcomes);
  }

  /**
   * Power-cycles the unit: it drops off, and comes back `offlineMs` later on the version it runs,
   * its updater idle. The one way out of a hung install, as for a real unit.
   */
  async restart(offlineMs = RESTART_OFFLINE_MS): Promise<void> {
    if (this.stopped) return;
    await this.closeLink('drop');
    this.updates.restart();
    this.timers.after(offlineMs, () => this.openLink());
  }

  /** Takes the stored credential, or registers (against `previousToken` when the server refused it). */
  private async register(previousToken?: string): Promise<void> {
    if (this.credential) return;
    this.credential = await obtainCredential({
      serverUrl: this.options.serverUrl,
      enrollmentKey: this.options.enrollmentKey,
      serialNumber: this.serial,
      store: this.options.credentials,
      previousToken,
      addressHeaders: this.options.addressHeaders?.(this.profile.address.ip),
      clock: this.clock,
      prng: this.prng,
      signal: this.abort.signal,
      logger: this.logger,
    });
  }

  private openLink(): void {
    if (this.stopped || this.link || !this.credential) return;
    // An explicit broker wins; else the one the server named at registration; else its own WebSocket.
    const mqttUrl = this.options.mqttUrl ?? this.credential.mqttUrl ?? undefined;
    const websocket = !mqttUrl || /^wss?:/.test(mqttUrl);
    const vouched = this.options.addressHeaders;
    const forwarded = !vouched && (this.options.forwardedFor ?? websocket);
    this.link = new UnitLink(
      {
        url: brokerUrl(this.options.serverUrl, this.credential.websocketPath, mqttUrl),
        serialNumber: this.serial,
        deviceToken: this.credential.deviceToken,
        forwardedFor: forwarded ? this.profile.address.ip : null,
        headers: vouched?.(this.profile.address.ip),
        reconnectPeriodMs: this.prng.int(2_000, 6_000),
        topics: this.credential.topics,
        nextSeq: () => this.sequence.next(),
        reports: this.reportStamps,
        heartbeatSeconds: this.options.heartbeatSeconds ?? 60,
        // An external broker shows the server no unit connections: the unit says where it is over
        // HTTP, when the server asks for it (older servers do not say: then on any plain MQTT broker).
        checkIn: (this.credential.checkIn ?? !websocket) ? (seq) => this.firstCheckIn(seq) : undefined,
      },
      {
        fullState: () => this.current,
        onConnected: () => this.counters.connected(),
        onUnconfirmedConnection: () => this.counters.unconfirmedConnection(),
        onCommand: (payload) => void this.handleCommand(payload),
        onRefusal: (payload) => this.refused(payload),
        onOnline: () => this.wentOnline(),
        onOffline: () => this.wentOffline(),
        onRefused: () => void this.reRegister(),
      },
      this.logger,
    );
  }

  /** The server refused one of its messages (`error` topic): logged for its makers, fixed by nobody. */
  private refused(payload: Buffer): void {
    const text = refusalText(payload);
    this.logger.warn(`${this.serial}: ${text}`);
    this.emit('refused', text);
  }

  /** Starts the check-in of connection `seq`; resolves at its first answer (a failure is retried on). */
  private firstCheckIn(seq: number): Promise<void> {
    return new Promise((resolve) => void this.checkIns.run(seq, resolve).finally(resolve));
  }

  /** Where the unit is, said over HTTP once (an external broker shows the server no connections). */
  private async checkIn(seq: number, signal: AbortSignal): Promise<CheckInOutcome> {
    const credential = this.credential;
    if (!credential || this.stopped) return 'refused';
    const vouched = this.options.addressHeaders;
    return checkIn({
      serverUrl: this.options.serverUrl,
      serialNumber: this.serial,
      deviceToken: credential.deviceToken,
      seq,
      addressHeaders: vouched?.(this.profile.address.ip),
      forwardedFor: (this.options.forwardedFor ?? true) ? this.profile.address.ip : null,
      logger: this.logger,
      signal,
    });
  }

  private async closeLink(mode: 'clean' | 'drop'): Promise<void> {
    const link = this.link;
    this.link = null;
    this.checkIns.cancel();
    if (link) await link.close(mode);
    this.wentOffline();
  }

  private wentOnline(): void {
    this.announced = true;
    this.emit('online');
    if (this.profile.offline || this.stopped) return;
    if (this.options.activity ?? true) {
      this.activity.start();
      this.chats.start();
      uploadLatestCalibration(this, this.topics, (topic, message) => this.link?.publish(topic, message));
    }
    this.churnTimer = scheduleChurn(this.timers, this.prng, this.options.churn ?? 0, (ms, mode) => {
      void this.dropFor(ms, mode);
    });
  }

  private wentOffline(): void {
    if (!this.announced) return;
    this.announced = false;
    this.counters.wentOffline();
    this.timers.cancel(this.churnTimer);
    this.churnTimer = null;
    this.activity.stop();
    this.chats.stop();
    // A job is abandoned with the connection; the gateway clears the procedure on disconnect too.
    this.current.currentProcedure = null;
    this.emit('offline');
  }

  private async rename(newSerial: string): Promise<void> {
    const previous = this.serial;
    await this.closeLink('clean');
    this.serial = newSerial;
    // The server moved the credential to the new serial number; so does the unit's storage.
    const store = this.options.credentials;
    const kept = store?.get(previous);
    if (store && kept) {
      store.delete(previous);
      store.set(newSerial, kept);
    }
    this.emit('renamed', previous, newSerial);
    this.logger.info(`${previous}: now ${newSerial}`);
    this.timers.after(RENAME_RECONNECT_MS, () => this.openLink());
  }

  /** The server no longer knows the token (revoked, or its data was reset): enrol again. */
  private async reRegister(): Promise<void> {
    if (this.reRegistering) return;
    this.reRegistering = true;
    await this.closeLink('drop');
    const previousToken = this.credential?.deviceToken;
    this.credential = null;
    try {
      await this.register(previousToken);
      this.openLink();
    } catch (error) {
      if (!this.stopped) this.logger.error(`${this.serial}: ${(error as Error).message}`);
    } finally {
      this.reRegistering = false;
    }
  }

  private waitFor(event: 'online'): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(this.abort.signal.reason as Error);
      this.abort.signal.addEventListener('abort', onAbort, { once: true });
      this.once(event, () => {
        this.abort.signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }
}
