import { stateMessageSchema, type StateMessage } from '@ed/contract/device-protocol';
import { expect } from 'vitest';
import { VirtualDownloader } from './downloader.js';
import { FakeClock } from './fake-clock.js';
import { InstallFates, type InstallOutcomes } from './install-outcomes.js';
import { Prng } from './prng.js';
import { idleUpdateState, type DeviceState, type UnitProfile } from './unit-profile.js';
import { UpdateFlow } from './update-flow.js';
import type { PinnedRoot } from './release-check.js';

/** A plain profile for tests: an aligner on 5.1.2 with 5.2.0 staged, in Germany. */
export function testProfile(overrides: Partial<UnitProfile> = {}, state: Partial<DeviceState> = {}): UnitProfile {
  return {
    serialNumber: 'V33CQ0123',
    family: 'aligner',
    address: { ip: '87.129.10.20', countryCode: 'DE' },
    offline: false,
    seed: 4242,
    ...overrides,
    state: {
      version: { semantic: '5.1.2', meta: 'build.1234' },
      family: 'aligner',
      systemClass: 'DRAGON',
      boardClass: 'DRB-3',
      logLevel: 'WARN',
      boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: false },
      specs: { name: '2025-Q2', month: 4, year: 2025 },
      specsExpiration: { month: 3, year: 2026 },
      targetType: 'AT200',
      pendingSoftwareDownload: '5.2.0',
      updateState: idleUpdateState('READY_TO_DOWNLOAD'),
      currentProcedure: null,
      alignmentCount: 1200,
      ...state,
    },
  };
}

export const testPrng = (seed = 1): Prng => new Prng(seed);

/** An update flow on a fake clock whose host records every report (checked against the protocol). */
export function updateFlowHarness(state: Partial<DeviceState> = {}, outcomes: InstallOutcomes = {}, fateSeed = 9) {
  const clock = new FakeClock();
  const reports: { at: number; patch: StateMessage }[] = [];
  const host = {
    state: structuredClone(testProfile({}, state).state),
    apply(patch: StateMessage) {
      expect(stateMessageSchema.safeParse(patch).success).toBe(true);
      Object.assign(host.state, patch);
      reports.push({ at: clock.now(), patch });
    },
    warn: () => {},
    deviceCredential: () => null,
    pinnedRoot: null as PinnedRoot | null,
  };
  const fates = new InstallFates(new Prng(fateSeed), outcomes);
  const flow = new UpdateFlow(host, clock, new Prng(3), new VirtualDownloader(clock, new Prng(4)), fates);
  const states = () => reports.map((r) => r.patch.updateState?.state).filter(Boolean);
  return { clock, host, flow, reports, states };
}
