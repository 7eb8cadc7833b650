import type { CameraCalibration, calibrationBoardSchema } from '@ed/contract/device-protocol';
import type { z } from 'zod';
import { Prng } from '../prng.js';

type CalibrationBoard = z.infer<typeof calibrationBoardSchema>;

const OPERATORS = ['j.alvarez', 'm.chen', 'k.osei', 's.nowak', 'r.patel', 'factory-line-2'];
const TOOL_VERSIONS = ['CalTool 3.1.4', 'CalTool 3.2.0', 'CalTool 3.2.1'];

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** A rotation matrix for small angles about x, y and z: how a camera sits against its accelerometer. */
function rotation(prng: Prng): number[][] {
  const [a, b, c] = [prng.float(-0.02, 0.02), prng.float(-0.02, 0.02), prng.float(-0.02, 0.02)];
  const [ca, sa, cb, sb, cc, sc] = [Math.cos(a), Math.sin(a), Math.cos(b), Math.sin(b), Math.cos(c), Math.sin(c)];
  return [
    [cb * cc, sa * sb * cc - ca * sc, ca * sb * cc + sa * sc],
    [cb * sc, sa * sb * sc + ca * cc, ca * sb * sc - sa * cc],
    [-sb, sa * cb, ca * cb],
  ].map((row) => row.map((value) => round(value, 6)));
}

/** One camera board; its serial and sensor are fixed by `board`, the fitted values vary per run. */
function calibrationBoard(board: Prng, run: Prng): CalibrationBoard {
  const serial = `CB${board.int(1_000_000, 9_999_999)}`;
  const [rows, cols, pixelUm, flenMm] = board.pick([
    [1536, 2048, 3.45, 12],
    [1080, 1440, 3.45, 8],
    [2048, 2448, 3.45, 16],
  ] as const);
  const cx = round(cols / 2 + run.float(-18, 18), 3);
  const cy = round(rows / 2 + run.float(-18, 18), 3);
  const flenPixels = round(((flenMm * 1000) / pixelUm) * run.float(0.995, 1.005), 3);
  const gain = [1, 0, 0, 0, 1, 0, 0, 0, 1].map((g) => round(g + run.float(-0.004, 0.004), 6));
  return {
    SerialNumber: serial,
    RMSEValidAccel: round(run.float(0.002, 0.02), 5),
    AccelCal: { Offsets: [0, 0, 0].map(() => round(run.float(-0.05, 0.05), 5)), Gain: gain },
    RMSEValidCCS_ACS: round(run.float(0.01, 0.09), 5),
    CCS_ACSCal: rotation(run),
    RMSEValidCamCal: round(run.float(0.05, 0.3), 4),
    CameraCal: {
      image_rows: rows,
      image_cols: cols,
      image_chans: 1,
      pixel_size_um: pixelUm,
      cx,
      cy,
      flen_pixels: flenPixels,
      flen_mm: round((flenPixels * pixelUm) / 1000, 4),
      IM: [
        [flenPixels, 0, cx],
        [0, flenPixels, cy],
        [0, 0, 1],
      ],
      dist_coeffs: [
        run.float(-0.12, -0.05),
        run.float(0.01, 0.15),
        run.float(-0.001, 0.001),
        run.float(-0.001, 0.001),
        run.float(-0.05, 0.05),
      ].map((k) => round(k, 6)),
    },
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The unit's calibration history, oldest first: the factory calibration and up to two field
 * recalibrations. Derived from the unit's seed alone, so every request returns the same records.
 */
export function calibrationLogs(unitSeed: number, numCameras: number, builtAt: Date, now: Date): CameraCalibration[] {
  const history = Prng.derive(unitSeed, 7001);
  const count = history.int(1, 3);
  const span = Math.max(now.getTime() - builtAt.getTime(), 86_400_000);
  return Array.from({ length: count }, (_, index) => {
    const run = Prng.derive(unitSeed, 7100 + index);
    const planned = builtAt.getTime() + (index === 0 ? 3 * 86_400_000 : span * run.float(0.2, 0.95));
    const date = Math.min(planned, now.getTime() - 3_600_000);
    const boards = (side: number): CalibrationBoard[] =>
      side < numCameras ? [calibrationBoard(Prng.derive(unitSeed, 7200 + side), run)] : [];
    return {
      Operator: index === 0 ? 'factory-line-2' : run.pick(OPERATORS),
      Version: run.pick(TOOL_VERSIONS),
      Date: iso(date),
      AccelCalTime: iso(date - 1_800_000),
      CCS_ACSTime: iso(date - 1_200_000),
      camCalTime: iso(date - 600_000),
      LeftBoards: boards(0),
      RightBoards: boards(1),
    };
  }).sort((a, b) => a.Date.localeCompare(b.Date));
}
