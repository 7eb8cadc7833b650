import { describe, expect, it } from 'vitest';
import { timeLeft } from './elevation-status';

describe('timeLeft', () => {
  const now = Date.parse('2031-05-01T10:00:00Z');
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

  it('counts down in minutes, then hours and minutes, rounding up', () => {
    expect(timeLeft(at(0.5), now)).toBe('1 min left');
    expect(timeLeft(at(43), now)).toBe('43 min left');
    expect(timeLeft(at(60), now)).toBe('1 h left');
    expect(timeLeft(at(125), now)).toBe('2 h 5 min left');
  });

  it('says the server is about to revert it once the time is up', () => {
    expect(timeLeft(at(0), now)).toBe('reverting…');
    expect(timeLeft(at(-3), now)).toBe('reverting…');
  });
});
