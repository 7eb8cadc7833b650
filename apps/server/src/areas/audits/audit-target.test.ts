import { describe, expect, it } from 'vitest';
import { auditTarget, auditUsername } from './audit-target.js';

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
