import type { RootMetadata } from '@ed/contract/release-metadata';
import type { Clock } from './clock.js';
import { type CredentialStore, MemoryCredentialStore } from './credential-store.js';
import type { Downloader } from './downloader.js';
import { generateFleet, type FleetOptions } from './fleet-generator.js';
import { checkInstallOutcomes, type InstallOutcomes } from './install-outcomes.js';
import { runLimited } from './limiter.js';
import type { Logger } from './logger.js';
import { SimulatedUnit } from './simulated-unit.js';
import type { UnitProfile } from './unit-profile.js';

export interface StartFleetOptions extends FleetOptions {
  /** The console's server, e.g. http://localhost:8080 (registration, and the WebSocket broker by default). */
  serverUrl: string;
  enrollmentKey: string;
  /** An external broker instead, e.g. mqtt://127.0.0.1:1883. */
  mqttUrl?: string;
  /** Claim each unit's public address; default on for WebSocket, off for TCP (a plain broker would not expect PROXY). */
  forwardedFor?: boolean;
  /** Headers vouching for each unit's address instead (see UnitOptions.addressHeaders). */
  addressHeaders?: (ip: string) => Record<string, string>;
  /** Mean disconnects per online unit per hour (default 0.5; 0 keeps them connected). */
  churn?: number;
  /** Units registering and connecting at the same time (default 20), so a big fleet does not flood the server. */
  concurrency?: number;
  activity?: boolean;
  /** The AI assistant units ask; default `<serverUrl>/assistant`. */
  assistantUrl?: string;
  /** Seconds between each unit's heartbeats while online (default 60; 0: none). */
  heartbeatSeconds?: number;
  /** Where units keep their credentials between starts (see CredentialStore); default: in memory. */
  credentials?: CredentialStore;
  /** Shares of installs that fail or hang, by version (see InstallOutcomes); default none. */
  installOutcomes?: InstallOutcomes;
  /** The release root every unit pins (UnitOptions.trustRoot); default none. */
  trustRoot?: RootMetadata;
  clock?: Clock;
  logger?: Logger;
  /** How each unit fetches update packages; default a virtual download of a few MB. */
  downloader?: (profile: UnitProfile) => Downloader;
}

export interface Fleet {
  units: SimulatedUnit[];
  /** Resolves when every unit has connected and reported once (the offline ones have left again). */
  ready: Promise<void>;
  /** Changes every unit's install outcomes from its next install on; throws a RangeError (changing none) if one is off. */
  setInstallOutcomes(outcomes: InstallOutcomes): void;
  stop(): Promise<void>;
}

export function startFleet(options: StartFleetOptions): Fleet {
  const credentials: CredentialStore = options.credentials ?? new MemoryCredentialStore();
  const installOutcomes = checkInstallOutcomes(options.installOutcomes ?? {});
  const units = generateFleet(options).map(
    (profile) =>
      new SimulatedUnit(profile, {
        serverUrl: options.serverUrl,
        enrollmentKey: options.enrollmentKey,
        mqttUrl: options.mqttUrl,
        forwardedFor: options.forwardedFor,
        addressHeaders: options.addressHeaders,
        churn: options.churn ?? 0.5,
        activity: options.activity,
        assistantUrl: options.assistantUrl,
        heartbeatSeconds: options.heartbeatSeconds,
        credentials,
        installOutcomes,
        trustRoot: options.trustRoot,
        clock: options.clock,
        logger: options.logger,
        downloader: options.downloader?.(profile),
      }),
  );
  let stopping = false;
  const ready = runLimited(units, options.concurrency ?? 20, (unit) => unit.start());
  // The caller may never await `ready` (it may only want the units running); a failure is logged here.
  ready.catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    if (!stopping) options.logger?.error(`fleet start failed: ${reason}`);
  });
  return {
    units,
    ready,
    setInstallOutcomes: (outcomes) => {
      const checked = checkInstallOutcomes(outcomes);
      for (const unit of units) unit.setInstallOutcomes(checked);
    },
    stop: async () => {
      stopping = true;
      await Promise.all(units.map((unit) => unit.stop()));
      credentials.flush?.();
    },
  };
}
