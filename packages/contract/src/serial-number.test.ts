import { describe, expect, it } from 'vitest';
import { MODEL_CODES } from './model-codes.js';
import {
  LAST_BUILD_YEAR,
  MODEL_CODES_BY_FAMILY,
  decodeSerialNumber,
  describeSerialNumber,
  encodeSerialNumber,
  modelText,
} from './serial-number.js';

describe('model codes', () => {
  it('has about 42 unique 3-character codes in the three families', () => {
    expect(MODEL_CODES).toHaveLength(42);
    expect(new Set(MODEL_CODES.map((row) => row.code)).size).toBe(42);
    for (const row of MODEL_CODES) expect(row.code).toMatch(/^[A-Z0-9]{3}$/);
    expect(MODEL_CODES_BY_FAMILY.aligner).toHaveLength(26);
    expect(MODEL_CODES_BY_FAMILY.gtps).toHaveLength(8);
    expect(MODEL_CODES_BY_FAMILY['aligner-oasis']).toHaveLength(8);
  });

  it('gives Tru-Points no host and aligners a wired or wireless one', () => {
    for (const row of MODEL_CODES_BY_FAMILY.gtps) expect(row.hostType).toBe('N/A');
    for (const row of [...MODEL_CODES_BY_FAMILY.aligner, ...MODEL_CODES_BY_FAMILY['aligner-oasis']]) {
      expect(['wired', 'wireless']).toContain(row.hostType);
    }
  });
});

describe('decodeSerialNumber', () => {
  it('decodes every field of a known serial number', () => {
    expect(decodeSerialNumber('V33CQ0123')).toEqual({
      serialNumber: 'V33CQ0123',
      modelCode: 'V33',
      model: 'V3300-W',
      marketingName: 'V3300 Aligner',
      brand: 'Alineo',
      family: 'aligner',
      hostType: 'wired',
      buildMonth: 3,
      buildMonthName: 'March',
      buildYear: 2021,
      sequence: '0123',
    });
  });

  it.each([
    ['A', 1, 'January'],
    ['B', 2, 'February'],
    ['C', 3, 'March'],
    ['D', 4, 'April'],
    ['E', 5, 'May'],
    ['F', 6, 'June'],
    ['G', 7, 'July'],
    ['H', 8, 'August'],
    ['J', 9, 'September'],
    ['K', 10, 'October'],
    ['L', 11, 'November'],
    ['M', 12, 'December'],
  ])('reads month letter %s as %i (%s)', (letter, month, name) => {
    expect(decodeSerialNumber(`TP1${letter}T123`)).toMatchObject({ buildMonth: month, buildMonthName: name });
  });

  it.each(['I', 'N', 'Z', '0'])('refuses %s as a month letter', (letter) => {
    expect(decodeSerialNumber(`TP1${letter}T123`)).toBeNull();
  });

  it.each([
    ['J', 2015],
    ['K', 2016],
    ['L', 2017],
    ['M', 2018],
    ['N', 2019],
    ['P', 2020],
    ['Q', 2021],
    ['R', 2022],
    ['S', 2023],
    ['T', 2024],
    ['U', 2025],
    ['V', 2026],
    ['W', 2027],
    ['X', 2028],
    ['Y', 2029],
    ['Z', 2030],
    ['A', 2031],
    ['B', 2032],
    ['H', 2038],
  ])('reads year letter %s as %i', (letter, year) => {
    expect(decodeSerialNumber(`OA1A${letter}0001`)?.buildYear).toBe(year);
  });

  it.each(['I', 'O', '5'])('refuses %s as a year letter', (letter) => {
    expect(decodeSerialNumber(`OA1A${letter}0001`)).toBeNull();
  });

  it('accepts 8 and 9 characters and nothing else', () => {
    expect(decodeSerialNumber('HE1DR123')?.sequence).toBe('123');
    expect(decodeSerialNumber('HE1DR1234')?.sequence).toBe('1234');
    expect(decodeSerialNumber('HE1DR12')).toBeNull();
    expect(decodeSerialNumber('HE1DR12345')).toBeNull();
    expect(decodeSerialNumber('')).toBeNull();
    expect(decodeSerialNumber('HE1-R1234')).toBeNull();
  });

  it('upper-cases its input first', () => {
    expect(decodeSerialNumber(' he1dr1234 ')).toMatchObject({
      serialNumber: 'HE1DR1234',
      marketingName: 'Kestrel Elite',
    });
  });

  it('knows nothing of an unknown model code', () => {
    expect(decodeSerialNumber('ZZZAQ1234')).toBeNull();
    expect(describeSerialNumber('ZZZAQ1234')).toBe('unknown');
    expect(modelText('ZZZAQ1234')).toBe('unknown');
  });
});

describe('texts', () => {
  it('describes marketing name and build month and year', () => {
    expect(describeSerialNumber('V33CQ0123')).toBe('V3300 Aligner, built March 2021');
    expect(describeSerialNumber('tp2mu555')).toBe('Tru-Point 200 measuring head, built December 2025');
    expect(modelText('tp2mu555')).toBe('TP200');
  });
});

describe('encodeSerialNumber', () => {
  it.each(MODEL_CODES.map((row) => [row.code, row.marketingName]))('round-trips model code %s (%s)', (code) => {
    const serial = encodeSerialNumber({ modelCode: code, buildMonth: 9, buildYear: 2024, sequence: '0042' });
    expect(serial).toBe(`${code}JT0042`);
    expect(decodeSerialNumber(serial)).toMatchObject({
      modelCode: code,
      buildMonth: 9,
      buildYear: 2024,
      sequence: '0042',
    });
  });

  it('round-trips every month and year it can encode', () => {
    for (let year = 2015; year <= LAST_BUILD_YEAR; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const serial = encodeSerialNumber({ modelCode: 'OAX', buildMonth: month, buildYear: year, sequence: '777' });
        expect(serial).toHaveLength(8);
        expect(decodeSerialNumber(serial)).toMatchObject({ buildMonth: month, buildYear: year });
      }
    }
  });

  it('names the part it cannot encode', () => {
    const parts = { modelCode: 'V33', buildMonth: 1, buildYear: 2020, sequence: '123' };
    expect(() => encodeSerialNumber({ ...parts, modelCode: 'ZZZ' })).toThrow('unknown model code ZZZ');
    expect(() => encodeSerialNumber({ ...parts, buildMonth: 13 })).toThrow('build month must be 1 to 12, got 13');
    expect(() => encodeSerialNumber({ ...parts, buildYear: 2014 })).toThrow(
      'build year must be 2015 to 2038, got 2014',
    );
    expect(() => encodeSerialNumber({ ...parts, buildYear: 2039 })).toThrow('build year');
    expect(() => encodeSerialNumber({ ...parts, sequence: '12' })).toThrow('sequence must be 3 or 4');
  });
});
