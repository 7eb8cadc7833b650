import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceCredentials } from '../../db/schema.js';
import { forbidden } from '../../shared/http-error.js';
import { hashToken, newSecretToken } from '../../shared/secret-token.js';
import { type BatchLoader, batchLoader } from '../../shared/batch-loader.js';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const LOOKUP_BATCH = 500;
const LOOKUP_WINDOW_MS = 2;

/** Per-unit MQTT credentials: issued at registration with the fleet's enrollment key, stored hashed. */
export class DeviceCredentials {
  /**
   * Current token hashes looked up for many units at once: each connection, check-in and
   * download checks its unit's credential, and a fleet connecting asks thousands a second.
   */
  private readonly current: BatchLoader<string, string | null>;

  constructor(
    private readonly db: Db,
    private readonly enrollmentKey: string | undefined,
  ) {
    this.current = batchLoader((serials) => this.currentHashes(serials), {
      maxBatchSize: LOOKUP_BATCH,
      windowMs: LOOKUP_WINDOW_MS,
    });
  }

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
    const tokenHash = await this.current.load(serialNumber);
    return tokenHash !== null && sameSecret(tokenHash, hashToken(token));
  }

  private async currentHashes(serials: readonly string[]): Promise<(string | null)[]> {
    const rows = await this.db
      .select({ serialNumber: deviceCredentials.serialNumber, tokenHash: deviceCredentials.tokenHash })
      .from(deviceCredentials)
      .where(and(inArray(deviceCredentials.serialNumber, [...new Set(serials)]), isNull(deviceCredentials.revokedAt)));
    const bySerial = new Map(rows.map((r) => [r.serialNumber, r.tokenHash]));
    return serials.map((serial) => bySerial.get(serial) ?? null);
  }

  async revoke(serialNumber: string): Promise<void> {
    await this.db
      .update(deviceCredentials)
      .set({ revokedAt: sql`now()` })
      .where(eq(deviceCredentials.serialNumber, serialNumber));
  }
}
