import type { RootMetadata } from './release-metadata.js';

/**
 * What the server's demo mode needs of a simulated fleet. `apps/simulator/src/demo-driver.ts`
 * provides it; the server loads the module DEMO_FLEET_DRIVER names (`npm start` names the
 * simulator's), so the server depends on no simulator and a production install carries none.
 */
interface DemoLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Shares in [0, 1] of the simulated installs of a version that fail (the unit reports
 * INSTALLATION_FAILED and keeps its version) or hang (it stops reporting mid-install), by exact
 * version ("5.4.0") or prefix ending in a dot ("5.4."), so rollouts can be seen to pause.
 */
export type DemoInstallOutcomes = Readonly<Record<string, { failRate?: number; hangRate?: number }>>;

interface DemoFleetOptions {
  units: number;
  /** The console's server, e.g. http://127.0.0.1:8080 (registration, and the WebSocket broker). */
  serverUrl: string;
  /** An external broker instead, e.g. mqtt://127.0.0.1:1883. */
  mqttUrl?: string;
  enrollmentKey: string;
  /** The headers that vouch for a unit's public address (the server's demo address voucher). */
  addressHeaders(ip: string): Record<string, string>;
  /** Where the units keep their credentials across restarts, as real units do. */
  credentialsFile: string;
  /** Mean disconnects per online unit per hour. */
  churn: number;
  /** A standalone assistant the units ask; default the server's /assistant. */
  assistantUrl?: string;
  /** Installs that fail or hang, by version; default none. */
  installOutcomes?: DemoInstallOutcomes;
  /** The release root the units pin, as at the factory: they check every staged release against it. */
  trustRoot?: RootMetadata;
  logger: DemoLogger;
}

interface DemoFieldOptions {
  /** A vendor's API key: its shop system pairs alignments with idle Tru-Points. */
  vendorApiKey?: string;
  /** Fixtures and target ids the aligners activate EZ ADAS targets with. */
  ezFixtures?: readonly string[];
  ezTargetIds?: readonly number[];
  logger: DemoLogger;
}

export interface DemoFleetRun {
  units: readonly { serialNumber: string }[];
  /** Resolves when every unit has connected and reported once. */
  ready: Promise<void>;
  /** The vendor's shop system and EZ ADAS activations around these units, as in the field. */
  startField(options: DemoFieldOptions): { stop(): void };
  /** Replaces the install outcomes from each unit's next install on; throws a RangeError if a rate is off. */
  setInstallOutcomes(outcomes: DemoInstallOutcomes): void;
  stop(): Promise<void>;
}

export interface DemoFleetDriver {
  startFleet(options: DemoFleetOptions): DemoFleetRun;
}

/** Whether a loaded module's export is a driver (the module is named by configuration). */
export const isDemoFleetDriver = (value: unknown): value is DemoFleetDriver =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).startFleet === 'function';
