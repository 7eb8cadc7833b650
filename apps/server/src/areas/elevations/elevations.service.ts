import {
  DEFAULT_ELEVATION_MINUTES,
  ELEVATION_LABELS,
  durationLabel,
  type Elevation,
  type ElevationKind,
} from '@ed/contract/elevations';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { SYSTEM_ACTOR, type AuditRecorder } from '../../ports/audits.js';
import type { ElevationRow, ElevationsRepository } from './elevations.repository.js';

/** Reverted per job tick at most; each is a round trip to its unit. */
const REVERTS_PER_TICK = 50;

/** The command that undoes each kind of elevation. */
export type Revert = (serialNumber: string, kind: ElevationKind) => Promise<unknown>;

const toElevation = (row: ElevationRow): Elevation => ({
  serialNumber: row.serialNumber,
  kind: row.kind,
  raisedBy: row.raisedBy,
  raisedAt: row.raisedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Elevations that revert by themselves (docs/elevations.md): raising one records when it ends;
 * the job sends the reverting command once it is due and the unit is connected, as the system,
 * on the record. Lowering it by hand ends it at once.
 */
export class ElevationsService {
  constructor(
    private readonly deps: {
      db: Db;
      repository: ElevationsRepository;
      revert: Revert;
      audits: AuditRecorder;
      /** Milliseconds in a minute of an elevation: 60,000 but in tests. */
      minuteMs: number;
      /** How long a claimed revert is held: longer than a command may take. */
      claimMs: number;
      logger: FastifyBaseLogger;
    },
  ) {}

  async raised(username: string, serialNumber: string, kind: ElevationKind, minutes: number | undefined, now: Date) {
    const duration = minutes ?? DEFAULT_ELEVATION_MINUTES;
    const row = await this.deps.repository.raise({
      serialNumber,
      kind,
      raisedBy: username,
      raisedAt: now,
      expiresAt: new Date(now.getTime() + duration * this.deps.minuteMs),
    });
    return { ...toElevation(row), duration: durationLabel(duration) };
  }

  /** A person lowered it (Logging Level WARN): nothing is left to revert. */
  async lowered(username: string, serialNumber: string, kind: ElevationKind, now: Date): Promise<void> {
    await this.deps.repository.end(this.deps.db, serialNumber, kind, username, now);
  }

  async list(serialNumber: string): Promise<Elevation[]> {
    return (await this.deps.repository.open(serialNumber)).map(toElevation);
  }

  /**
   * Reverts what is due on connected units. Each is claimed first (a lease as long as a command
   * may take), so two instances never revert one twice and no transaction is held while the unit
   * answers; a revert the unit does not take (gone offline, no answer) gives the claim back for
   * the next tick, and a crash mid-send lets the lease run out.
   */
  async revertDue(now: Date): Promise<number> {
    let reverted = 0;
    const until = new Date(now.getTime() + this.deps.claimMs);
    for (const id of await this.deps.repository.due(now, REVERTS_PER_TICK)) {
      const due = await this.deps.repository.claim(id, now, until);
      if (!due) continue;
      try {
        await this.deps.revert(due.serialNumber, due.kind);
      } catch (err) {
        this.deps.logger.info({ err, serialNumber: due.serialNumber, kind: due.kind }, 'elevation not reverted yet');
        await this.deps.repository.release(id);
        continue;
      }
      await this.deps.db.transaction(async (tx) => {
        await this.deps.repository.end(tx, due.serialNumber, due.kind, SYSTEM_ACTOR, now);
        const action = `${ELEVATION_LABELS[due.kind]} reverted (raised by ${due.raisedBy}, due ${due.expiresAt.toISOString()})`;
        await this.deps.audits.record(
          [{ username: SYSTEM_ACTOR, action, target: due.serialNumber, outcome: 200, requestId: null, at: now }],
          tx,
        );
      });
      reverted += 1;
    }
    return reverted;
  }
}
