import { stateMessageSchema } from '@ed/contract/device-protocol';
import { decodeSerialNumber } from '@ed/contract/serial-number';
import { compareVersions } from '@ed/contract/versions';
import { describe, expect, it } from 'vitest';
import { ADDRESS_BLOCKS } from './address-blocks.js';
import { DEFAULT_LATEST, supportsRemoteUpdate } from './catalog.js';
import { generateFleet } from './fleet-generator.js';

const fleet = generateFleet({ units: 2000, seed: 7 });
const share = (predicate: (unit: (typeof fleet)[number]) => boolean): number =>
  fleet.filter(predicate).length / fleet.length;

describe('fleet generation', () => {
  it('gives the same fleet for the same seed and another for another seed', () => {
    expect(generateFleet({ units: 50, seed: 7 })).toEqual(fleet.slice(0, 50));
    expect(generateFleet({ units: 50, seed: 8 })).not.toEqual(fleet.slice(0, 50));
  });

  it('builds unique serial numbers that decode to the unit’s family', () => {
    expect(new Set(fleet.map((unit) => unit.serialNumber)).size).toBe(fleet.length);
    for (const unit of fleet) {
      const decoded = decodeSerialNumber(unit.serialNumber);
      expect(decoded?.family, unit.serialNumber).toBe(unit.family);
      expect(decoded!.buildYear).toBeGreaterThanOrEqual(2016);
      expect(decoded!.buildYear).toBeLessThanOrEqual(2025);
    }
    const lengths = new Set(fleet.map((unit) => unit.serialNumber.length));
    expect(lengths).toEqual(new Set([8, 9]));
  });

  it('mixes the families like the installed base', () => {
    expect(share((u) => u.family === 'aligner')).toBeGreaterThan(0.6);
    expect(share((u) => u.family === 'gtps')).toBeGreaterThan(0.1);
    expect(share((u) => u.family === 'aligner-oasis')).toBeGreaterThan(0.1);
  });

  it('reports a full state that the contract accepts', () => {
    for (const unit of fleet) {
      const parsed = stateMessageSchema.safeParse(unit.state);
      expect(parsed.success, `${unit.serialNumber}: ${parsed.error?.message}`).toBe(true);
      // Every field of a report but its stamp.
      expect(Object.keys(unit.state)).toHaveLength(Object.keys(stateMessageSchema.shape).length - 1);
    }
  });

  it('spreads versions below and at each family’s latest', () => {
    for (const family of ['aligner', 'gtps', 'aligner-oasis'] as const) {
      const versions = fleet.filter((u) => u.family === family).map((u) => u.state.version.semantic);
      expect(versions.every((v) => compareVersions(v, DEFAULT_LATEST[family]) <= 0)).toBe(true);
      expect(versions).toContain(DEFAULT_LATEST[family]);
      expect(new Set(versions).size).toBeGreaterThan(4);
    }
    const aligners = fleet.filter((u) => u.family === 'aligner').map((u) => u.state.version.semantic);
    expect(aligners.some((v) => v.startsWith('3.8.'))).toBe(true);
    expect(aligners.some((v) => v.startsWith('5.1.'))).toBe(true);
  });

  it('takes the latest versions it is given', () => {
    const custom = generateFleet({ units: 300, seed: 3, latest: { aligner: '6.0.0', gtps: '1.2.0' } });
    const latest = (family: string) => custom.filter((u) => u.family === family).map((u) => u.state.version.semantic);
    expect(latest('aligner')).toContain('6.0.0');
    expect(latest('gtps').every((v) => compareVersions(v, '1.2.0') <= 0)).toBe(true);
  });

  it('stages the family’s latest on a share of units that can update', () => {
    const staged = fleet.filter((u) => u.state.pendingSoftwareDownload !== null);
    expect(staged.length / fleet.length).toBeGreaterThan(0.05);
    for (const unit of staged) {
      expect(unit.state.pendingSoftwareDownload).toBe(DEFAULT_LATEST[unit.family]);
      expect(supportsRemoteUpdate(unit.family, unit.state.version.semantic)).toBe(true);
      expect(unit.state.updateState?.state).toBe('READY_TO_DOWNLOAD');
    }
    const old = fleet.filter((u) => !supportsRemoteUpdate(u.family, u.state.version.semantic));
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((u) => u.state.updateState === null)).toBe(true);
  });

  it('fills the fields the console shows with plausible values', () => {
    const aligners = fleet.filter((u) => u.family === 'aligner');
    expect(new Set(aligners.map((u) => u.state.systemClass))).toEqual(new Set(['DRAGON', 'DRAGON_HEADLESS']));
    expect(aligners.some((u) => u.state.boardFeatures.isDDAligner)).toBe(true);
    expect(new Set(aligners.map((u) => u.state.boardFeatures.numCameras))).toEqual(new Set([1, 2]));
    expect(new Set(fleet.map((u) => u.state.logLevel))).toEqual(new Set(['WARN', 'INFO']));
    expect(new Set(aligners.map((u) => u.state.targetType))).toEqual(new Set(['AT200', 'AT700']));
    expect(fleet.every((u) => u.state.alignmentCount > 0)).toBe(true);
    expect(fleet.filter((u) => u.state.specs).every((u) => /^\d{4}-Q[1-4]$/.test(u.state.specs!.name))).toBe(true);
  });

  it('places units in the countries of the address table and keeps some offline', () => {
    const codes = new Set(ADDRESS_BLOCKS.map((entry) => entry.countryCode));
    expect(fleet.every((u) => codes.has(u.address.countryCode))).toBe(true);
    expect(new Set(fleet.map((u) => u.address.countryCode)).size).toBe(codes.size);
    expect(share((u) => u.offline)).toBeGreaterThan(0.15);
    expect(share((u) => u.offline)).toBeLessThan(0.25);
    expect(generateFleet({ units: 100, seed: 1, offlineShare: 0 }).some((u) => u.offline)).toBe(false);
  });

  it('makes one unit of a given serial number, online on its family’s latest version, nothing staged', () => {
    const [unit, ...others] = generateFleet({ units: 100, serialNumber: 'TP1LV0042' });
    expect(others).toEqual([]);
    expect(unit).toMatchObject({ serialNumber: 'TP1LV0042', family: 'gtps', offline: false });
    expect(unit!.state).toMatchObject({
      family: 'gtps',
      version: { semantic: DEFAULT_LATEST.gtps },
      pendingSoftwareDownload: null,
      updateState: { state: 'TRY_INSERT_UPDATE' },
    });
    expect(stateMessageSchema.safeParse(unit!.state).success).toBe(true);
    expect(() => generateFleet({ units: 1, serialNumber: 'ZZZ000000' })).toThrow(RangeError);
    const [aligner] = generateFleet({ units: 1, serialNumber: 'V33LV0042' });
    expect(aligner!.state).toMatchObject({
      systemClass: 'DRAGON',
      boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
    });
  });
});
