import { describe, expect, it } from 'vitest';
import { evaluate, monthIndexOf, specsExpireAt, voltageVerdict, type UnitFacts } from './alarm-conditions.js';

const now = new Date('2026-11-25T12:00:00Z');
const clock = { now, hourMs: 3_600_000 };
const unit = (facts: Partial<UnitFacts> = {}): UnitFacts => ({
  equipmentId: 1,
  serialNumber: 'A1',
  connected: true,
  lastSeenOnlineAt: new Date('2026-11-25T08:00:00Z'),
  updateState: 'TRY_INSERT_UPDATE',
  updateStateAt: null,
  specsExpiration: null,
  favoriteOf: [],
  ...facts,
});

describe('alarm conditions', () => {
  it('raises offline only past the threshold, and clears a connected unit', () => {
    const offline = { kind: 'offline', hours: 4 } as const;
    expect(evaluate(offline, unit(), clock)).toBe('clear');
    expect(evaluate(offline, unit({ connected: false }), clock)).toEqual({
      raise: 'Offline since 2026-11-25T08:00:00.000Z',
    });
    expect(evaluate({ kind: 'offline', hours: 5 }, unit({ connected: false }), clock)).toBe('wait');
  });

  it('raises a failed install at once and an install running longer than the rule allows', () => {
    const install = { kind: 'install', hungMinutes: 30 } as const;
    expect(evaluate(install, unit({ updateState: 'INSTALLATION_FAILED' }), clock)).toEqual({ raise: 'Install Failed' });
    const since = new Date(now.getTime() - 45 * 60_000);
    expect(evaluate(install, unit({ updateState: 'INSTALLING_UPDATE', updateStateAt: since }), clock)).toEqual({
      raise: 'Installing for 45 min',
    });
    const recent = new Date(now.getTime() - 5 * 60_000);
    expect(evaluate(install, unit({ updateState: 'VALIDATING_UPDATE', updateStateAt: recent }), clock)).toBe('wait');
    expect(evaluate(install, unit({ updateState: 'INSTALLATION_COMPLETE' }), clock)).toBe('clear');
  });

  it('counts specs valid through their month', () => {
    expect(specsExpireAt({ month: 12, year: 2026 }).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    const rule = { kind: 'specsExpiring', days: 40 } as const;
    expect(evaluate(rule, unit({ specsExpiration: { month: 12, year: 2026 } }), clock)).toEqual({
      raise: 'Specs expire 12/2026',
    });
    expect(evaluate(rule, unit({ specsExpiration: { month: 10, year: 2026 } }), clock)).toEqual({
      raise: 'Specs expired 10/2026',
    });
    expect(evaluate(rule, unit({ specsExpiration: { month: 2, year: 2027 } }), clock)).toBe('clear');
    expect(evaluate(rule, unit(), clock)).toBe('clear');
    // The index's month number: December 2026 is 2026 * 12 + 11.
    expect(monthIndexOf(new Date('2026-12-15T00:00:00Z'))).toBe(2026 * 12 + 11);
  });

  it('follows only the favorites of the rule’s user', () => {
    const rule = { kind: 'favorites', username: 'ann' } as const;
    expect(evaluate(rule, unit({ connected: false }), clock)).toBe('clear');
    expect(evaluate(rule, unit({ connected: false, favoriteOf: ['ann'] }), clock)).toEqual({
      raise: 'Favorite of ann went offline',
    });
    expect(evaluate(rule, unit({ favoriteOf: ['ann'] }), clock)).toBe('clear');
  });

  it('names the rails out of range, three at most', () => {
    const rail = (Name: string, Actual: number) => ({ Name, Actual, Min: 4.75, Max: 5.25 });
    expect(voltageVerdict([{ BoardName: 'Main Board', Parameters: [rail('5V', 5)] }])).toBe('clear');
    expect(
      voltageVerdict([
        { BoardName: 'Main Board', Parameters: [rail('5V', 5.6), rail('5VA', 4.1), rail('5VB', 6), rail('5VC', 1)] },
      ]),
    ).toEqual({
      raise:
        'Main Board 5V 5.6 (4.75..5.25); Main Board 5VA 4.1 (4.75..5.25); Main Board 5VB 6 (4.75..5.25); and 1 more',
    });
  });
});
