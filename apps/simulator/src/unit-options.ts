import type { StateMessage } from '@ed/contract/device-protocol';
import type { RootMetadata } from '@ed/contract/release-metadata';
import type { Clock } from './clock.js';
import type { CredentialStore } from './credential-store.js';
import type { Downloader } from './downloader.js';
import type { InboxItem } from './inbox.js';
import type { InstallOutcomes } from './install-outcomes.js';
import type { Logger } from './logger.js';

/** How a simulated unit is set up (SimulatedUnit's options), and what it tells those who listen. */
export interface UnitOptions {
  serverUrl: string;
  enrollmentKey: string;
  /** An explicit broker (mqtt://host:1883 or ws(s)://…); default: WebSocket on the server's host. */
  mqttUrl?: string;
  /**
   * Claim the profile's public address with X-Forwarded-For (a PROXY header on TCP), which a
   * server honours only from a proxy it trusts. Default: on for WebSocket.
   */
  forwardedFor?: boolean;
  /**
   * Headers that vouch for the profile's address to a server that can check them (the in-process
   * demo's per-boot key), sent instead of X-Forwarded-For on the WebSocket upgrade and check-ins.
   */
  addressHeaders?: (ip: string) => Record<string, string>;
  /** Mean disconnects per hour while online; 0 (default) keeps the unit connected. */
  churn?: number;
  /** Run jobs (procedures, alignment count) and ask the assistant now and then; default true. */
  activity?: boolean;
  /** The AI assistant units ask; default `<serverUrl>/assistant`. */
  assistantUrl?: string;
  /** Seconds between the unit's heartbeats while online; 0 sends none, as older units. Default 60. */
  heartbeatSeconds?: number;
  /** Where the unit keeps its credential between starts; default: nowhere (it registers at each start). */
  credentials?: CredentialStore;
  /** Shares of installs that fail or hang, by version (see InstallOutcomes); default none. */
  installOutcomes?: InstallOutcomes;
  /**
   * The release root the unit pins, as at the factory: it then refuses any staged release not
   * signed under it (docs/signed-updates.md). Default none: it checks checksum files only.
   */
  trustRoot?: RootMetadata;
  clock?: Clock;
  logger?: Logger;
  downloader?: Downloader;
}

export interface UnitEvents {
  online: [];
  offline: [];
  state: [StateMessage];
  renamed: [from: string, to: string];
  /** A message or notification arrived to be shown. */
  received: [InboxItem];
  /** The server refused one of its messages (its `error` topic), said in a line. */
  refused: [string];
}
