import type { Family } from './families.js';
import { MODEL_CODES, type HostType, type ModelCode } from './model-codes.js';

/**
 * Serial numbers (part 1 §3): 8 or 9 letters or digits. Characters 1-3 are the model code,
 * character 4 the build month, character 5 the build year, the rest (3 or 4 characters) the sequence.
 */
export interface DecodedSerialNumber {
  serialNumber: string;
  modelCode: string;
  model: string;
  marketingName: string;
  brand: string;
  family: Family;
  hostType: HostType;
  /** 1 = January … 12 = December. */
  buildMonth: number;
  buildMonthName: string;
  buildYear: number;
  sequence: string;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A..M without I, so a month letter is never read as the digit 1. */
const MONTH_LETTERS = 'ABCDEFGHJKLM';

/**
 * J=2015 … Z=2030, then A=2031 … H=2038. The spec fixes 16 years on the 17 letters J..Z, so one is
 * skipped: O, which reads as the digit 0; I is skipped after Z for the same reason (it reads as 1).
 * After H the cycle would reach J again, so 2038 is the last year a serial number can encode.
 */
const YEAR_LETTERS = 'JKLMNPQRSTUVWXYZABCDEFGH';
const FIRST_BUILD_YEAR = 2015;
export const LAST_BUILD_YEAR = FIRST_BUILD_YEAR + YEAR_LETTERS.length - 1;

const SERIAL_PATTERN = /^[A-Z0-9]{8,9}$/;
const SEQUENCE_PATTERN = /^[A-Z0-9]{3,4}$/;

const MODEL_CODES_BY_CODE: ReadonlyMap<string, ModelCode> = new Map(MODEL_CODES.map((row) => [row.code, row]));

const inFamily = (family: Family): readonly ModelCode[] => MODEL_CODES.filter((row) => row.family === family);
export const MODEL_CODES_BY_FAMILY: Readonly<Record<Family, readonly ModelCode[]>> = {
  aligner: inFamily('aligner'),
  gtps: inFamily('gtps'),
  'aligner-oasis': inFamily('aligner-oasis'),
};

function findModelCode(code: string): ModelCode | null {
  return MODEL_CODES_BY_CODE.get(code.toUpperCase()) ?? null;
}

/** The decoded serial number, or null when it is malformed or its model code is unknown. */
export function decodeSerialNumber(serial: string): DecodedSerialNumber | null {
  const serialNumber = serial.trim().toUpperCase();
  if (!SERIAL_PATTERN.test(serialNumber)) return null;
  const row = findModelCode(serialNumber.slice(0, 3));
  const monthIndex = MONTH_LETTERS.indexOf(serialNumber.charAt(3));
  const yearIndex = YEAR_LETTERS.indexOf(serialNumber.charAt(4));
  if (!row || monthIndex < 0 || yearIndex < 0) return null;
  return {
    serialNumber,
    modelCode: row.code,
    model: row.model,
    marketingName: row.marketingName,
    brand: row.brand,
    family: row.family,
    hostType: row.hostType,
    buildMonth: monthIndex + 1,
    buildMonthName: MONTH_NAMES[monthIndex]!,
    buildYear: FIRST_BUILD_YEAR + yearIndex,
    sequence: serialNumber.slice(5),
  };
}

/** What the console shows beside a serial number, e.g. "V3300 Aligner, built March 2021". */
export function describeSerialNumber(serial: string): string {
  const decoded = decodeSerialNumber(serial);
  return decoded ? `${decoded.marketingName}, built ${decoded.buildMonthName} ${decoded.buildYear}` : 'unknown';
}

/** The model of a serial number (the equipment header and the ticket's model field), or 'unknown'. */
export function modelText(serial: string): string {
  return decodeSerialNumber(serial)?.model ?? 'unknown';
}

export interface SerialNumberParts {
  modelCode: string;
  buildMonth: number;
  buildYear: number;
  /** 3 or 4 letters or digits; 3 gives an 8-character serial number, 4 a 9-character one. */
  sequence: string;
}

/** Builds a serial number; throws a RangeError naming the part that cannot be encoded. */
export function encodeSerialNumber(parts: SerialNumberParts): string {
  const row = findModelCode(parts.modelCode);
  if (!row) throw new RangeError(`unknown model code ${parts.modelCode}`);
  const monthLetter = Number.isInteger(parts.buildMonth) ? MONTH_LETTERS.charAt(parts.buildMonth - 1) : '';
  if (!monthLetter) throw new RangeError(`build month must be 1 to 12, got ${parts.buildMonth}`);
  const yearIndex = parts.buildYear - FIRST_BUILD_YEAR;
  const yearLetter = Number.isInteger(yearIndex) ? YEAR_LETTERS.charAt(yearIndex) : '';
  if (!yearLetter) {
    throw new RangeError(`build year must be ${FIRST_BUILD_YEAR} to ${LAST_BUILD_YEAR}, got ${parts.buildYear}`);
  }
  const sequence = parts.sequence.toUpperCase();
  if (!SEQUENCE_PATTERN.test(sequence)) throw new RangeError(`sequence must be 3 or 4 letters or digits`);
  return `${row.code}${monthLetter}${yearLetter}${sequence}`;
}
