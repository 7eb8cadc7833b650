import { describe, expect, it } from 'vitest';
import {
  addressText,
  connectionTexts,
  logLevelToggle,
  monthYearText,
  offsetText,
  unitLocalTime,
  versionStatus,
} from './equipment-text';

describe('addressText', () => {
  it("keeps the first comma-separated hop minus its 7-character '::ffff:' prefix", () => {
    expect(addressText('::ffff:203.0.113.9,::ffff:127.0.0.1')).toBe('203.0.113.9');
    expect(addressText('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('shows a native IPv6 address whole and says unknown when there is none', () => {
    expect(addressText('2001:db8::1,::ffff:10.0.0.1')).toBe('2001:db8::1');
    expect(addressText(null)).toBe('unknown');
    expect(addressText('')).toBe('unknown');
  });
});

describe('connectionTexts', () => {
  const unit = { connected: true, port: 51234, address: '::ffff:203.0.113.9', currentProcedure: 'Alignment' };

  it('shows port, address and procedure of a connected unit', () => {
    expect(connectionTexts(unit)).toEqual({ port: '51234', address: '203.0.113.9', procedure: 'Alignment' });
  });

  it("says 'disconnected' for each of them when the unit is not connected", () => {
    expect(connectionTexts({ ...unit, connected: false })).toEqual({
      port: 'disconnected',
      address: 'disconnected',
      procedure: 'disconnected',
    });
  });
});

describe('unitLocalTime', () => {
  const now = new Date('2025-03-01T22:30:05.000Z');

  it("shifts now by the unit's offset in minutes, in 'ddd MMMM Do, YYYY HH:mm:ss'", () => {
    expect(unitLocalTime(120, now)).toBe('Sun March 2nd, 2025 00:30:05');
    expect(unitLocalTime(-300, now)).toBe('Sat March 1st, 2025 17:30:05');
    expect(unitLocalTime(330, now)).toBe('Sun March 2nd, 2025 04:00:05');
  });

  it('says unknown without an offset', () => {
    expect(unitLocalTime(null, now)).toBe('unknown');
  });

  it('writes the offset as UTC±hh:mm', () => {
    expect(offsetText(330)).toBe('UTC+05:30');
    expect(offsetText(-300)).toBe('UTC-05:00');
    expect(offsetText(0)).toBe('UTC+00:00');
  });
});

describe('versionStatus', () => {
  it('is current at or past the latest, older below it, unknown without a latest', () => {
    expect(versionStatus('5.2.0', '5.2.0')).toBe('current');
    expect(versionStatus('5.10.0', '5.2.0')).toBe('current');
    expect(versionStatus('5.1.9', '5.2.0')).toBe('older');
    expect(versionStatus('5.1.9', null)).toBe('unknown');
    expect(versionStatus(null, '5.2.0')).toBe('unknown');
  });
});

describe('logLevelToggle', () => {
  it('reads RAISE LOG LEVEL and sends INFO when the level is WARN', () => {
    expect(logLevelToggle('WARN')).toEqual({ label: 'RAISE LOG LEVEL', send: 'INFO' });
  });

  it('reads LOWER LOG LEVEL and sends WARN otherwise', () => {
    expect(logLevelToggle('INFO')).toEqual({ label: 'LOWER LOG LEVEL', send: 'WARN' });
    expect(logLevelToggle(null)).toEqual({ label: 'LOWER LOG LEVEL', send: 'WARN' });
  });
});

describe('monthYearText', () => {
  it('shows month/year or unknown', () => {
    expect(monthYearText({ month: 7, year: 2026 })).toBe('7/2026');
    expect(monthYearText(null)).toBe('unknown');
  });
});
