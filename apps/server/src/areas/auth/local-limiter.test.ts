import { describe, expect, it } from 'vitest';
import { LocalLimiter } from './local-limiter.js';

describe('local limiter', () => {
  let clock = 0;
  const now = () => clock;
  const address = { key: 'ip', limit: 3, windowMs: 1_000 };
  const pair = { key: 'pair', limit: 2, windowMs: 1_000 };

  it('counts attempts and refuses the first key at its limit, taking nothing then', () => {
    clock = 0;
    const limiter = new LocalLimiter(100, now);
    expect(limiter.take([address, pair])).toBeNull();
    expect(limiter.take([address, pair])).toBeNull();
    expect(limiter.take([address, pair])).toEqual({ key: 'pair', retryAfterMs: 1_000 });
    expect(limiter.take([address])).toBeNull();
    expect(limiter.atLimit([address, pair])).toEqual({ key: 'ip', retryAfterMs: 1_000 });
    clock = 400;
    expect(limiter.take([address])).toEqual({ key: 'ip', retryAfterMs: 600 });
    clock = 1_000;
    expect(limiter.take([address, pair])).toBeNull();
  });

  it('gives counts back, and takes counts and windows from the database', () => {
    clock = 0;
    const limiter = new LocalLimiter(100, now);
    limiter.take([pair]);
    limiter.give(['pair', 'unknown']);
    limiter.take([pair]);
    expect(limiter.take([pair])).toBeNull();
    limiter.give(['pair']);
    limiter.sync('pair', 5, 10_000);
    expect(limiter.take([pair])).toEqual({ key: 'pair', retryAfterMs: 10_000 });
    // A lower reading of the same window arriving late (a parallel attempt's) does not lower it.
    limiter.sync('pair', 1, 10_000);
    expect(limiter.take([pair])).toEqual({ key: 'pair', retryAfterMs: 10_000 });
    // A new window starts from its own reading.
    limiter.sync('pair', 1, 20_000);
    expect(limiter.take([pair])).toBeNull();
    expect(limiter.take([pair])).toEqual({ key: 'pair', retryAfterMs: 20_000 });
    limiter.sync('closed', 99, 0);
    expect(limiter.take([{ key: 'closed', limit: 1, windowMs: 10 }])).toBeNull();
    limiter.forget('pair');
    expect(limiter.take([pair])).toBeNull();
  });

  it('stays within its size by dropping closed windows, then the oldest entries', () => {
    clock = 0;
    const limiter = new LocalLimiter(10, now);
    for (let i = 0; i < 5; i++) limiter.take([{ key: `short-${i}`, limit: 9, windowMs: 10 }]);
    for (let i = 0; i < 5; i++) limiter.take([{ key: `long-${i}`, limit: 9, windowMs: 1_000 }]);
    clock = 20;
    limiter.take([{ key: 'new', limit: 9, windowMs: 1_000 }]);
    expect(limiter.size).toBe(6);
    for (let i = 0; i < 20; i++) limiter.take([{ key: `more-${i}`, limit: 9, windowMs: 1_000 }]);
    expect(limiter.size).toBeLessThanOrEqual(10);
  });
});
