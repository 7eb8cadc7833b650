import type { StateMessage } from '@ed/contract/device-protocol';
import type { UpdateState } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import type { PublicAddress } from './addresses.js';

/** Everything a unit reports, every field present (null where it has nothing). */
/** Everything a unit reports about itself (a report's `seq` is a stamp, not state). */
export type DeviceState = Required<Omit<StateMessage, 'seq'>>;

/** Who a simulated unit is and how it starts: the output of fleet generation, the input of a unit. */
export interface UnitProfile {
  serialNumber: string;
  family: Family;
  /** Where it connects from: sent as X-Forwarded-For (WebSocket) or in a PROXY header (TCP). */
  address: PublicAddress;
  /** Connects once at start, reports, then stays disconnected. */
  offline: boolean;
  /** Seeds the unit's own behaviour (procedures, churn, reports) so a run can be replayed. */
  seed: number;
  state: DeviceState;
}

/** Update state of a unit that has nothing in flight (nothing downloading or installing). */
export function idleUpdateState(state: string): UpdateState {
  return {
    state,
    downloading: { software: false, specs: false },
    downloadProgress: { software: null, specs: null },
    installing: { software: false, specs: false },
    installProgress: { software: null, specs: null },
    softwareUpdateDownload: null,
  };
}
