import { describe, expect, it } from 'vitest';
import { auditTarget, auditUsername, deviceActor } from './audit-target.js';

describe('auditTarget', () => {
  it('prefers a serial number over other names and reads params before the body', () => {
    expect(auditTarget({ serialNumber: 'ABC12345' }, { username: 'ann' })).toBe('ABC12345');
    expect(auditTarget(undefined, { id: 7, name: 'x' })).toBe('7');
  });

  it('never returns a password and is null when nothing names a target', () => {
    expect(auditTarget({ password: 'secret-secret' }, null, 'text')).toBeNull();
  });

  it('caps a long target', () => {
    expect(auditTarget({ name: 'x'.repeat(500) })).toHaveLength(200);
  });

  it('writes control characters out, so no target can make the row fail', () => {
    expect(auditTarget({ serialNumber: '\u0000' })).toBe('\\u0000');
    expect(auditTarget({ name: '\u0000'.repeat(100) })).toHaveLength(200);
    expect(auditUsername(`ad\u0000min${'u'.repeat(1_000_000)}`)).toHaveLength(200);
  });
});

describe('deviceActor', () => {
  it('names the unit of a device call by the serial it gave, or its HTTP Basic user', () => {
    expect(deviceActor('/device/v1/register', { serialNumber: 'abc12345' }, undefined)).toBe('unit ABC12345');
    const basic = `Basic ${Buffer.from('QC2DL871:token').toString('base64')}`;
    expect(deviceActor('/device/v1/check_in', { seq: 3 }, basic)).toBe('unit QC2DL871');
    expect(deviceActor('/device/v1/check_in', {}, undefined)).toBe('a unit');
  });
  it('is nobody for a person’s call', () => {
    expect(deviceActor('/create/ticket/v1', { serialNumber: 'ABC12345' }, undefined)).toBeNull();
  });
});
