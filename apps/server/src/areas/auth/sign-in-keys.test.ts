import { describe, expect, it } from 'vitest';
import { accountKeyPatterns, addressBucket, progressiveDelayMs, signInKeys } from './sign-in-keys.js';

describe('sign-in keys', () => {
  it('counts IPv4 as is, IPv4-mapped as IPv4, and IPv6 by its /64', () => {
    expect(addressBucket('81.2.69.142')).toBe('81.2.69.142');
    expect(addressBucket('::ffff:81.2.69.142')).toBe('81.2.69.142');
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('not an address')).toBe('not an address');
  });

  it('names the same counters for any case of a username, and never the username itself', () => {
    const a = signInKeys('Admin', '10.0.0.1');
    expect(a).toEqual(signInKeys('admin', '::ffff:10.0.0.1'));
    expect(JSON.stringify(a)).not.toContain('dmin');
    expect(a.pair.startsWith(accountKeyPatterns('ADMIN').pairPrefix)).toBe(true);
    expect(a.user).toBe(accountKeyPatterns('admin').user);
    expect(signInKeys('admin', '10.0.0.2').pair).not.toBe(a.pair);
  });

  it('delays nothing up to the threshold, then doubles every threshold failures up to the cap', () => {
    expect(progressiveDelayMs(10, 10, 5_000)).toBe(0);
    expect(progressiveDelayMs(11, 10, 5_000)).toBe(500);
    expect(progressiveDelayMs(20, 10, 5_000)).toBe(500);
    expect(progressiveDelayMs(21, 10, 5_000)).toBe(1_000);
    expect(progressiveDelayMs(31, 10, 5_000)).toBe(2_000);
    expect(progressiveDelayMs(41, 10, 5_000)).toBe(4_000);
    expect(progressiveDelayMs(51, 10, 5_000)).toBe(5_000);
    expect(progressiveDelayMs(1e9, 10, 5_000)).toBe(5_000);
    expect(progressiveDelayMs(500, 10, 0)).toBe(0);
  });
});
