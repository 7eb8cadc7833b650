import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DeviceRegisterRequest } from '@ed/contract/device-protocol';
import { PENDING_CLAIMS_PER_ADDRESS } from '@ed/contract/unit-claims';
import type { Db } from '../../../db/client.js';
import { deviceCredentials } from '../../../db/schema.js';
import type { UnitCredentials } from '../../../ports/device-auth.js';
import type { DomainEventBus } from '../../../ports/domain-events.js';
import { forbidden, tooManyRequests } from '../../../shared/domain-error.js';
import { hashToken, newSecretToken } from '../../../shared/secret-token.js';
import { type BatchLoader, batchLoader } from '../../../shared/batch-loader.js';
import { type BrokerAccounts, unmanagedBrokerAccounts } from '../broker/broker-accounts.js';
import { type ClaimOrigin, UnitClaimsRepository } from './unit-claims.repository.js';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A unit whose claim waits asks again after this long. */
const CLAIM_RETRY_SECONDS = 60;

export type Registration =
  { kind: 'issued'; deviceToken: string } | { kind: 'pending'; claimToken: string; retryAfterSeconds: number };

const pending = (claimToken: string): Registration => ({
  kind: 'pending',
  claimToken,
  retryAfterSeconds: CLAIM_RETRY_SECONDS,
});

/** The unit's own current token buys it a new one: the old one stops working at once. */
const rotate = (db: Db, serialNumber: string, current: string, tokenHash: string) =>
  db
    .update(deviceCredentials)
    .set({ tokenHash, createdAt: sql`now()`, revokedAt: null })
    .where(
      and(
        eq(deviceCredentials.serialNumber, serialNumber),
        eq(deviceCredentials.tokenHash, hashToken(current)),
        isNull(deviceCredentials.revokedAt),
      ),
    )
    .returning({ serialNumber: deviceCredentials.serialNumber })
    .then((rows) => rows.length > 0);

const LOOKUP_BATCH = 500;
const LOOKUP_WINDOW_MS = 2;

/** Per-unit MQTT credentials: issued at registration with the fleet's enrollment key, stored hashed. */
export class DeviceCredentials implements UnitCredentials {
  /**
   * Current token hashes looked up for many units at once: each connection, check-in and
   * download checks its unit's credential, and a fleet connecting asks thousands a second.
   */
  private readonly current: BatchLoader<string, string | null>;

  readonly claims: UnitClaimsRepository;

  constructor(
    private readonly db: Db,
    private readonly enrollmentKey: string | undefined,
    private readonly accounts: BrokerAccounts = unmanagedBrokerAccounts,
    events?: DomainEventBus,
  ) {
    this.claims = new UnitClaimsRepository(db, events);
    this.current = batchLoader((serials) => this.currentHashes(serials), {
      maxBatchSize: LOOKUP_BATCH,
      windowMs: LOOKUP_WINDOW_MS,
    });
  }

  /**
   * A registration (docs/device-protocol.md, "Identity and credentials"). A serial number with no
   * credential gets one. One that has a credential gets a new one only against the current token,
   * or through a claim an admin approved; otherwise a claim is opened and waits for an admin.
   * `admitNew` runs before a serial number without a live credential is taken (it may refuse:
   * the limits on new units); a rotation or a claim never calls it.
   */
  async register(
    request: DeviceRegisterRequest,
    origin: () => Promise<ClaimOrigin>,
    admitNew: () => Promise<void> = async () => undefined,
  ): Promise<Registration> {
    if (!this.enrollmentKey) throw forbidden('Unit registration is closed: FLEET_ENROLLMENT_KEY is not set.');
    if (!sameSecret(request.enrollmentKey, this.enrollmentKey)) throw forbidden('The enrollment key is not valid.');
    const { serialNumber } = request;
    const token = newSecretToken();
    const tokenHash = hashToken(token);
    const issued: Registration = { kind: 'issued', deviceToken: token };
    // A serial number without a credential (or whose credential was revoked) is free to take.
    const free = (db: Db) =>
      db
        .insert(deviceCredentials)
        .values({ serialNumber, tokenHash })
        .onConflictDoUpdate({
          target: deviceCredentials.serialNumber,
          set: { tokenHash, createdAt: sql`now()`, revokedAt: null },
          setWhere: isNotNull(deviceCredentials.revokedAt),
        })
        .returning({ serialNumber: deviceCredentials.serialNumber })
        .then((rows) => rows.length > 0);
    // Read first, so that only a new unit counts against the limits on new units.
    if ((await this.current.load(serialNumber)) === null) {
      await admitNew();
      if (await this.issue(serialNumber, token, free)) return issued;
    }
    const current = request.deviceToken;
    if (current && (await this.issue(serialNumber, token, (db) => rotate(db, serialNumber, current, tokenHash)))) {
      return issued;
    }
    if (request.claimToken) {
      const claim = await this.claims.find(serialNumber, hashToken(request.claimToken));
      if (claim?.status === 'pending') return pending(request.claimToken);
      if (claim?.status === 'refused') throw forbidden(`An administrator refused this claim to ${serialNumber}.`);
      if (claim?.status === 'used') throw forbidden(`This claim to ${serialNumber} was used already.`);
      if (claim?.status === 'approved') {
        const use = (db: Db) => this.claims.use(claim.id, serialNumber, tokenHash, db);
        if (await this.issue(serialNumber, token, use)) return issued;
        throw forbidden(`This claim to ${serialNumber} was used already.`);
      }
      // An expired claim (or an unknown token) is no answer: the unit gets a new claim below.
    }
    const claimToken = newSecretToken();
    if (!(await this.claims.open(serialNumber, hashToken(claimToken), await origin()))) {
      throw tooManyRequests(
        `This address has ${PENDING_CLAIMS_PER_ADDRESS} claims waiting for an administrator already; ` +
          'another may wait once one of them is decided or expires.',
        CLAIM_RETRY_SECONDS * 1000,
      );
    }
    return pending(claimToken);
  }

  /**
   * Stores a new credential with `write` and gives it to the broker. With a broker whose accounts
   * the server keeps, both happen in one transaction: a broker that refuses undoes the write, or
   * the unit would hold nothing while the database held a token it never got.
   */
  private issue(serialNumber: string, token: string, write: (db: Db) => Promise<boolean>): Promise<boolean> {
    return this.withBroker(async (db) => {
      if (!(await write(db))) return false;
      await this.accounts.grant(serialNumber, token);
      return true;
    });
  }

  /** `work` in one transaction when the broker's accounts must follow the database; as is otherwise. */
  private withBroker<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.accounts.managed ? this.db.transaction((tx) => work(tx)) : work(this.db);
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

  /** Revokes the unit's credential; with a broker the server keeps, only if the broker takes it too. */
  async revoke(serialNumber: string): Promise<void> {
    await this.withBroker(async (db) => {
      await db
        .update(deviceCredentials)
        .set({ revokedAt: sql`now()` })
        .where(eq(deviceCredentials.serialNumber, serialNumber));
      await this.accounts.revoke(serialNumber);
    });
  }
}
