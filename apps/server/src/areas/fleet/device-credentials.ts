import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceCredentials } from '../../db/schema.js';
import { forbidden } from '../../shared/http-error.js';
import { hashToken, newSecretToken } from '../../shared/secret-token.js';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Per-unit MQTT credentials: issued at registration with the fleet's enrollment key, stored hashed. */
export class DeviceCredentials {
  constructor(
    private readonly db: Db,
    private readonly enrollmentKey: string | undefined,
  ) {}

  /** Issues a new token for `serialNumber`, replacing (revoking) any earlier one. */
  async register(serialNumber: string, enrollmentKey: string): Promise<string> {
    if (!this.enrollmentKey) throw forbidden('Unit registration is closed: FLEET_ENROLLMENT_KEY is not set.');
    if (!sameSecret(enrollmentKey, this.enrollmentKey)) throw forbidden('The enrollment key is not valid.');
    const token = newSecretToken();
    await this.db
      .insert(deviceCredentials)
      .values({ serialNumber, tokenHash: hashToken(token) })
      .onConflictDoUpdate({
        target: deviceCredentials.serialNumber,
        set: { tokenHash: hashToken(token), createdAt: sql`now()`, revokedAt: null },
      });
    return token;
  }

  /** True when `token` is the unit's current, unrevoked credential. */
  async verify(serialNumber: string, token: string): Promise<boolean> {
    const [row] = await this.db
      .select({ tokenHash: deviceCredentials.tokenHash })
      .from(deviceCredentials)
      .where(and(eq(deviceCredentials.serialNumber, serialNumber), isNull(deviceCredentials.revokedAt)))
      .limit(1);
    return row !== undefined && sameSecret(row.tokenHash, hashToken(token));
  }

  async revoke(serialNumber: string): Promise<void> {
    await this.db
      .update(deviceCredentials)
      .set({ revokedAt: sql`now()` })
      .where(eq(deviceCredentials.serialNumber, serialNumber));
  }
}
