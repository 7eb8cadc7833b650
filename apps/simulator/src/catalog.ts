import { atLeast, compareVersions } from '@ed/contract/versions';
import type { Family } from '@ed/contract/families';

/** A software release of a family: its version, the year it shipped, and how common it is in the field. */
export interface Release {
  version: string;
  year: number;
  weight: number;
}

export type LatestVersions = Record<Family, string>;

export const DEFAULT_LATEST: LatestVersions = { aligner: '5.2.0', gtps: '1.4.0', 'aligner-oasis': '1.3.0' };

/** Releases below the latest, older ones rarer: most shops update within a year or two. */
const RELEASES: Record<Family, readonly Release[]> = {
  aligner: [
    { version: '3.8.2', year: 2018, weight: 2 },
    { version: '3.8.5', year: 2018, weight: 3 },
    { version: '4.0.1', year: 2019, weight: 3 },
    { version: '4.0.3', year: 2019, weight: 4 },
    { version: '4.2.0', year: 2020, weight: 3 },
    { version: '4.2.2', year: 2020, weight: 5 },
    { version: '4.3.0', year: 2021, weight: 4 },
    { version: '4.3.1', year: 2021, weight: 6 },
    { version: '4.4.0', year: 2022, weight: 5 },
    { version: '4.4.2', year: 2022, weight: 7 },
    { version: '5.0.0', year: 2023, weight: 6 },
    { version: '5.0.3', year: 2023, weight: 9 },
    { version: '5.1.0', year: 2024, weight: 8 },
    { version: '5.1.2', year: 2024, weight: 12 },
  ],
  gtps: [
    { version: '0.9.4', year: 2019, weight: 2 },
    { version: '0.9.7', year: 2019, weight: 3 },
    { version: '1.0.0', year: 2020, weight: 3 },
    { version: '1.0.2', year: 2020, weight: 4 },
    { version: '1.1.0', year: 2021, weight: 4 },
    { version: '1.1.3', year: 2021, weight: 6 },
    { version: '1.2.0', year: 2022, weight: 6 },
    { version: '1.2.1', year: 2022, weight: 8 },
    { version: '1.3.0', year: 2023, weight: 9 },
    { version: '1.3.2', year: 2024, weight: 12 },
  ],
  'aligner-oasis': [
    { version: '1.0.0', year: 2022, weight: 3 },
    { version: '1.0.4', year: 2022, weight: 5 },
    { version: '1.1.0', year: 2023, weight: 6 },
    { version: '1.1.2', year: 2023, weight: 8 },
    { version: '1.2.0', year: 2024, weight: 9 },
    { version: '1.2.3', year: 2024, weight: 12 },
  ],
};

/** The share of units already on the latest release. */
const LATEST_WEIGHT: Record<Family, number> = { aligner: 16, gtps: 12, 'aligner-oasis': 12 };

/** The year the newest release shipped; units cannot run software older than what they left the factory with. */
export const CURRENT_YEAR = 2025;

/** Releases a unit may run: below the configured latest, plus the latest itself. */
export function releasesOf(family: Family, latest: string): Release[] {
  const older = RELEASES[family].filter((release) => compareVersions(release.version, latest) < 0);
  return [...older, { version: latest, year: CURRENT_YEAR, weight: LATEST_WEIGHT[family] }];
}

/** Years units of each family were built (a family exists only from its launch). */
export const BUILD_YEARS: Record<Family, { from: number; to: number }> = {
  aligner: { from: 2016, to: 2025 },
  gtps: { from: 2019, to: 2025 },
  'aligner-oasis': { from: 2021, to: 2025 },
};

/** The console's System Update Status box exists from these versions on (part 1 §2, My Radar). */
export function supportsRemoteUpdate(family: Family, version: string): boolean {
  if (family === 'aligner') return atLeast(version, '4.3.0');
  if (family === 'gtps') return atLeast(version, '1.0.0');
  return true;
}

/** Reset Serial is offered from aligner 4.3.0 on and on every Tru-Point and Oasis (part 1 §6). */
export function supportsSerialReset(family: Family, version: string): boolean {
  return family !== 'aligner' || atLeast(version, '4.3.0');
}

/** Same version, same build: a stable build number derived from the version text. */
export function buildMeta(version: string): string {
  let hash = 17;
  for (const char of version) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return `build.${1000 + (hash % 9000)}`;
}

export interface SpecRelease {
  name: string;
  month: number;
  year: number;
}

/** Quarterly vehicle-spec releases, 2023-Q1 to 2025-Q3. */
export const SPEC_RELEASES: readonly SpecRelease[] = Array.from({ length: 11 }, (_, index) => {
  const year = 2023 + Math.floor(index / 4);
  const quarter = (index % 4) + 1;
  return { name: `${year}-Q${quarter}`, month: quarter * 3 - 2, year };
});

/** What a unit is doing, step by step, during one job; the count rises when the last step ends. */
export const PROCEDURES: Record<Family, readonly string[]> = {
  aligner: ['Vehicle Selection', 'Inspection', 'Compensation', 'Alignment', 'Printout'],
  gtps: ['Vehicle Selection', 'Measurement', 'Report'],
  'aligner-oasis': ['Vehicle Selection', 'Compensation', 'Alignment', 'Printout'],
};

export const SYSTEM_CLASSES: Record<Family, readonly (readonly [string, number])[]> = {
  aligner: [
    ['DRAGON', 3],
    ['DRAGON_HEADLESS', 1],
  ],
  gtps: [['TRUPOINT', 1]],
  'aligner-oasis': [['OASIS', 1]],
};

/** Main-board revisions by the year they went into production. */
export const BOARD_CLASSES: Record<Family, readonly { from: number; name: string }[]> = {
  aligner: [
    { from: 2016, name: 'DRB-2' },
    { from: 2019, name: 'DRB-3' },
    { from: 2022, name: 'DRB-3X' },
  ],
  gtps: [
    { from: 2019, name: 'TPB-1' },
    { from: 2022, name: 'TPB-2' },
  ],
  'aligner-oasis': [{ from: 2021, name: 'OSB-1' }],
};
