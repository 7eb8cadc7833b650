import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Equipment Dashboard';
const PERIOD_SECONDS = 30;
/** One period either side: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** Without 0/o, 1/l and 8/b, so a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'acdefghjkmnpqrstuvwxyz2345679';

/** A fresh TOTP secret (160 bits, as RFC 4226 recommends) and the otpauth URI of its QR code. */
export function newTotp(account: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({
    issuer: ISSUER,
    label: account,
    secret,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
  return { secret: secret.base32, uri: totp.toString() };
}

/** The time step a six-digit code belongs to (now ± one period), or undefined if it is wrong. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten codes of ten characters (about 48 bits each), written xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Stored as SHA-256 of the code without its dash and case: random codes need no slow hash. */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** A recovery code as typed: ten letters and digits, a dash or spaces allowed. */
export const looksLikeRecoveryCode = (code: string): boolean => /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]/g, ''));
