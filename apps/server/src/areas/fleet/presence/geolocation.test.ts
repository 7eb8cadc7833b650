import { describe, expect, it } from 'vitest';
import { GeoLocator, timeZoneOffsetMinutes } from './geolocation.js';

describe('GeoLocator', () => {
  it('locates a known public address from the bundled database', async () => {
    const geo = await GeoLocator.open();
    expect(geo.locate('::ffff:81.2.69.142')).toEqual({
      continent_name: 'Europe',
      country_name: 'United Kingdom',
      country_code: 'GB',
      region: 'England',
      city: 'Bracknell',
      time_zone: { name: 'Europe/London', offset: expect.any(Number) },
    });
    expect(geo.locate('200.160.2.3')).toMatchObject({ country_code: 'BR', continent_name: 'South America' });
  });

  it('gives nothing for private, loopback or malformed addresses', async () => {
    const geo = await GeoLocator.open();
    expect(geo.locate('127.0.0.1')).toBeNull();
    expect(geo.locate('10.1.2.3')).toBeNull();
    expect(geo.locate('not-an-ip')).toBeNull();
    expect(geo.locate(null)).toBeNull();
  });

  it('computes time-zone offsets for the date, daylight saving included', () => {
    expect(timeZoneOffsetMinutes('Asia/Tokyo')).toBe(540);
    expect(timeZoneOffsetMinutes('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(timeZoneOffsetMinutes('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(timeZoneOffsetMinutes('Asia/Kolkata')).toBe(330);
    expect(timeZoneOffsetMinutes('Not/AZone')).toBeNull();
  });
});
