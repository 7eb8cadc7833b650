import type { Family } from '@ed/contract/families';
import { MODEL_CODES_BY_FAMILY, decodeSerialNumber, encodeSerialNumber } from '@ed/contract/serial-number';
import { randomAddress } from './addresses.js';
import {
  BOARD_CLASSES,
  BUILD_YEARS,
  CURRENT_YEAR,
  DEFAULT_LATEST,
  SPEC_RELEASES,
  SYSTEM_CLASSES,
  buildMeta,
  releasesOf,
  supportsRemoteUpdate,
  type LatestVersions,
} from './catalog.js';
import { Prng } from './prng.js';
import { idleUpdateState, type DeviceState, type UnitProfile } from './unit-profile.js';

export interface FleetOptions {
  units: number;
  seed?: number;
  /** Share of units that connect once and then stay offline (default 0.2). */
  offlineShare?: number;
  /** Share of update-capable units not on the latest that have it staged already (default 0.15). */
  pendingShare?: number;
  latest?: Partial<LatestVersions>;
  /**
   * One unit with this serial number instead (its family and build date the serial's), online,
   * on its family's latest version, nothing staged, and an aligner with every board the console
   * offers commands to (two cameras, a DD board, a DRAGON): a unit to run a conformance kit on.
   */
  serialNumber?: string;
}

const FAMILY_MIX: readonly (readonly [Family, number])[] = [
  ['aligner', 70],
  ['gtps', 15],
  ['aligner-oasis', 15],
];

/** A deterministic, realistic fleet: the same options always give the same units. */
export function generateFleet(options: FleetOptions): UnitProfile[] {
  const seed = options.seed ?? 1;
  const prng = new Prng(seed);
  const latest = { ...DEFAULT_LATEST, ...options.latest };
  if (options.serialNumber !== undefined) return [oneUnit(options.serialNumber, seed, latest)];
  const taken = new Set<string>();
  return Array.from({ length: options.units }, (_, index) => {
    const family = prng.weighted(FAMILY_MIX);
    const buildYear = prng.weighted(yearWeights(family));
    const buildMonth = prng.int(1, 12);
    const serialNumber = uniqueSerial(prng, family, buildYear, buildMonth, taken);
    const state = initialState(prng, family, buildYear, buildMonth, latest[family], options.pendingShare ?? 0.15);
    return {
      serialNumber,
      family,
      address: randomAddress(prng),
      offline: prng.chance(options.offlineShare ?? 0.2),
      seed: Prng.derive(seed, index).int(1, 2 ** 31 - 1),
      state,
    };
  });
}

function oneUnit(serialNumber: string, seed: number, latest: LatestVersions): UnitProfile {
  const decoded = decodeSerialNumber(serialNumber);
  if (!decoded) throw new RangeError(`${serialNumber} is not a serial number of a known model`);
  const { family, buildYear, buildMonth } = decoded;
  const prng = new Prng(seed);
  const state = initialState(prng, family, buildYear, buildMonth, latest[family], 0);
  const version = latest[family];
  state.version = { semantic: version, meta: buildMeta(version) };
  state.updateState = supportsRemoteUpdate(family, version) ? idleUpdateState('TRY_INSERT_UPDATE') : null;
  if (family === 'aligner') {
    state.systemClass = 'DRAGON';
    state.boardFeatures = { numCameras: 2, numAccel: 4, isDDAligner: true };
  }
  return {
    serialNumber: decoded.serialNumber,
    family,
    address: randomAddress(prng),
    offline: false,
    seed: Prng.derive(seed, 0).int(1, 2 ** 31 - 1),
    state,
  };
}

/** More recent years sell more: the installed base grows. */
function yearWeights(family: Family): [number, number][] {
  const { from, to } = BUILD_YEARS[family];
  return Array.from({ length: to - from + 1 }, (_, i) => [from + i, 1 + i] as [number, number]);
}

function uniqueSerial(prng: Prng, family: Family, year: number, month: number, taken: Set<string>): string {
  for (;;) {
    const model = prng.pick(MODEL_CODES_BY_FAMILY[family]);
    // Units built before 2019 carry the older 3-digit sequence, hence 8-character serial numbers.
    const sequence =
      year < 2019 ? String(prng.int(1, 999)).padStart(3, '0') : String(prng.int(1, 9999)).padStart(4, '0');
    const serial = encodeSerialNumber({ modelCode: model.code, buildMonth: month, buildYear: year, sequence });
    if (!taken.has(serial)) {
      taken.add(serial);
      return serial;
    }
  }
}

function initialState(
  prng: Prng,
  family: Family,
  buildYear: number,
  buildMonth: number,
  latest: string,
  pendingShare: number,
): DeviceState {
  // A unit runs what it shipped with or something newer, never software from years before it was built.
  const releases = releasesOf(family, latest);
  const eligible = releases.filter((release) => release.year >= buildYear - 1);
  const version = prng.weighted((eligible.length > 0 ? eligible : releases).map((r) => [r.version, r.weight] as const));
  const updatable = supportsRemoteUpdate(family, version);
  const pending = updatable && version !== latest && prng.chance(pendingShare) ? latest : null;
  const numCameras = family === 'gtps' ? 1 : family === 'aligner' && prng.chance(0.15) ? 1 : 2;
  const specs = prng.chance(0.04) ? null : prng.weighted(SPEC_RELEASES.map((release, i) => [release, i + 1] as const));
  const monthsInService = Math.max(1, (CURRENT_YEAR - buildYear) * 12 + 6 - buildMonth);
  return {
    version: { semantic: version, meta: buildMeta(version) },
    family,
    systemClass: prng.weighted(SYSTEM_CLASSES[family]),
    boardClass: BOARD_CLASSES[family].filter((board) => board.from <= buildYear).at(-1)?.name ?? null,
    logLevel: prng.chance(0.8) ? 'WARN' : 'INFO',
    boardFeatures: {
      numCameras,
      numAccel: family === 'gtps' ? 1 : numCameras * 2,
      isDDAligner: family === 'aligner' && prng.chance(0.12),
    },
    specs: specs ? { ...specs } : null,
    specsExpiration: specs ? { month: prng.int(1, 12), year: specs.year + prng.int(1, 2) } : null,
    targetType: family === 'gtps' ? null : prng.chance(0.6) ? 'AT200' : 'AT700',
    pendingSoftwareDownload: pending,
    updateState: updatable ? idleUpdateState(pending ? 'READY_TO_DOWNLOAD' : 'TRY_INSERT_UPDATE') : null,
    currentProcedure: null,
    alignmentCount: Math.round(monthsInService * prng.float(15, 110)),
  };
}
