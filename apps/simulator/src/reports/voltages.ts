import type { VoltageBoard } from '@ed/contract/device-protocol';
import type { Prng } from '../prng.js';

interface Rail {
  name: string;
  nominal: number;
  /** Allowed deviation either side of nominal, as a fraction. */
  tolerance: number;
}

const CAMERA_RAILS: readonly Rail[] = [
  { name: '+1.8V', nominal: 1.8, tolerance: 0.05 },
  { name: '+3.3V', nominal: 3.3, tolerance: 0.05 },
  { name: '+5V', nominal: 5, tolerance: 0.05 },
  { name: 'Strobe LED', nominal: 24, tolerance: 0.08 },
];

const MAIN_RAILS: readonly Rail[] = [
  { name: 'VCORE', nominal: 1.1, tolerance: 0.05 },
  { name: '+3.3V', nominal: 3.3, tolerance: 0.05 },
  { name: '+5V', nominal: 5, tolerance: 0.05 },
  { name: '+12V', nominal: 12, tolerance: 0.05 },
  { name: 'RTC Battery', nominal: 3, tolerance: 0.1 },
];

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * A voltage report. `weakRail` is the unit's own failing supply (if it has one), so the same rail
 * shows out of range report after report, the way a real fault would; the others drift only a little.
 */
export function voltageReport(prng: Prng, numCameras: number, weakRail: string | null): VoltageBoard[] {
  const cameraBoards = numCameras >= 2 ? ['Camera Board Left', 'Camera Board Right'] : ['Camera Board'];
  const board = (name: string, rails: readonly Rail[]): VoltageBoard => ({
    BoardName: name,
    Parameters: rails.map((rail) => {
      const min = round3(rail.nominal * (1 - rail.tolerance));
      const max = round3(rail.nominal * (1 + rail.tolerance));
      const faulty = weakRail === `${name}/${rail.name}`;
      const drift = faulty ? prng.float(1.2, 1.8) * rail.tolerance : prng.float(-0.6, 0.6) * rail.tolerance;
      const sign = faulty && prng.chance(0.5) ? -1 : 1;
      return { Name: rail.name, Actual: round3(rail.nominal * (1 + sign * drift)), Min: min, Max: max };
    }),
  });
  return [...cameraBoards.map((name) => board(name, CAMERA_RAILS)), board('Main Board', MAIN_RAILS)];
}

/** Picks the rail a unit will report out of range, for about one unit in six. */
export function pickWeakRail(prng: Prng, numCameras: number): string | null {
  if (!prng.chance(1 / 6)) return null;
  const cameraBoard = numCameras >= 2 ? prng.pick(['Camera Board Left', 'Camera Board Right']) : 'Camera Board';
  return prng.chance(0.5)
    ? `${cameraBoard}/${prng.pick(CAMERA_RAILS).name}`
    : `Main Board/${prng.pick(MAIN_RAILS).name}`;
}
