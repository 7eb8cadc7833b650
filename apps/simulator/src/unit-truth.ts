import type { StateMessage } from '@ed/contract/device-protocol';

/**
 * What a unit knows of itself, as a test harness compares it with what the server holds. Plain
 * JSON: a forked fleet process sends it to its parent as it is.
 */
export interface UnitTruth {
  serialNumber: string;
  /** Connected and announced (birth and full state sent). */
  online: boolean;
  /** The current connection's sequence; null without one. */
  connectionSeq: number | null;
  /** The latest state report's sequence; null before the first. */
  stateSeq: number | null;
  version: string;
  updateState: string | null;
  /** Connections the broker accepted since the unit started (a rebirth on the same one is not counted). */
  connections: number;
  /**
   * Connections it gave up while their CONNECT was on its way: the broker may have accepted one
   * (and then published its will) without the unit hearing so. The server's count lies between
   * `connections` and `connections + unconfirmedConnections`.
   */
  unconfirmedConnections: number;
  /** Times it went from online to offline. */
  offlineEpisodes: number;
  /** Completed software installs, by version. */
  installs: Record<string, number>;
  /** Every `stage` command it took (a repeated delivery of one command id is one), with the connection it came on. */
  stageReceived: { version: string; connectionSeq: number | null }[];
}

/** What changes as the unit lives, without being its state: counters, and the short list of stages. */
export type UnitLiveTruth = Pick<
  UnitTruth,
  'serialNumber' | 'online' | 'connectionSeq' | 'stateSeq' | 'version' | 'updateState'
>;

/** The counters behind a unit's truth: cheap enough to keep on every unit of a big fleet. */
export class TruthCounters {
  private connections = 0;
  private unconfirmed = 0;
  private offlineEpisodes = 0;
  private readonly installs = new Map<string, number>();
  private readonly stages: UnitTruth['stageReceived'] = [];

  connected(): void {
    this.connections += 1;
  }

  unconfirmedConnection(): void {
    this.unconfirmed += 1;
  }

  wentOffline(): void {
    this.offlineEpisodes += 1;
  }

  stage(version: string, connectionSeq: number | null): void {
    this.stages.push({ version, connectionSeq });
  }

  /** Counts an install when a report says it completed, with the version it installed. */
  state(patch: StateMessage): void {
    const version = patch.version?.semantic;
    if (version && patch.updateState?.state === 'INSTALLATION_COMPLETE') {
      this.installs.set(version, (this.installs.get(version) ?? 0) + 1);
    }
  }

  /** A copy: the caller may keep or change it without touching the counters. */
  snapshot(live: UnitLiveTruth): UnitTruth {
    return {
      ...live,
      connections: this.connections,
      unconfirmedConnections: this.unconfirmed,
      offlineEpisodes: this.offlineEpisodes,
      installs: Object.fromEntries(this.installs),
      stageReceived: this.stages.map((stage) => ({ ...stage })),
    };
  }
}
