import { describe, expect, it } from 'vitest';
import { expiryDay, formatExpiry } from './expiry-date';

describe('subscription expiry', () => {
  it('is the UTC day the subscription ends on, as month/day/year, or N/A', () => {
    expect(formatExpiry('2027-03-31T23:59:59.999Z')).toBe('3/31/2027');
    expect(formatExpiry(null)).toBe('N/A');
    expect(expiryDay('2027-12-01T23:59:59.999Z')).toBe('2027-12-01');
  });
});
