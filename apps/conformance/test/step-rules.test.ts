import { describe, expect, it } from 'vitest';
import type { HttpSeen } from '../src/observations.js';
import { notOffered } from '../src/offered.js';
import { rotationProblem } from '../src/steps-identity.js';
import { bumpVersion } from '../src/steps-staging.js';

const registration = (status: number, body: Record<string, unknown>): HttpSeen => ({
  kind: 'http',
  at: 0,
  method: 'POST',
  path: '/device/v1/register',
  status,
  requestBody: body,
  responseBody: null,
  basic: null,
  range: null,
  bytes: 0,
});

describe('the rules the steps apply', () => {
  it('stages one patch release above the unit’s version', () => {
    expect(bumpVersion('5.2.0', 1)).toBe('5.2.1');
    expect(bumpVersion('1.3.9-beta', 2)).toBe('1.3.11');
    expect(bumpVersion('v5', 1)).toBeNull();
    expect(bumpVersion(undefined, 1)).toBeNull();
  });

  it('wants a rotation with the refused token, and says what a claim means', () => {
    expect(rotationProblem(registration(200, { deviceToken: 'old' }), 'old')).toBeNull();
    expect(rotationProblem(registration(202, {}), 'old')).toBe(
      'registered again without deviceToken (answered 202: a claim an administrator must approve)',
    );
    expect(rotationProblem(registration(200, { deviceToken: 'other' }), 'old')).toMatch(
      /not the one the broker refused/,
    );
  });

  it('sends a unit only the commands the console offers it, saying why not', () => {
    const ddAligner = {
      family: 'aligner',
      version: { semantic: '5.2.0', meta: null },
      systemClass: 'DRAGON',
      boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
    };
    expect(notOffered('rcp', ddAligner, 'aligner')).toBeNull();
    expect(notOffered('get_usb_status', {}, 'aligner')).toBeNull();
    const oasis = { version: { semantic: '1.3.0', meta: null }, systemClass: 'OASIS' };
    expect(notOffered('download_now', oasis, 'aligner-oasis')).toBe(
      'not sent: the console offers it to no unit that reports aligner-oasis software 1.3.0, system class OASIS, ' +
        'no camera count, no DD board; The update commands need software 4.3.0 or later on an aligner, ' +
        '1.0.0 or later on a Tru-Point; an aligner-oasis has none',
    );
  });
});
