import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { INSTALL_FAILED_STATE } from '@ed/contract/alarms';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive } from '../../db/schema.js';
import { withLive } from '../../db/unit-columns.js';
import { UnitGathering } from '../../shared/unit-gathering.js';
import type { FailedInstall } from './webhook-bodies.js';

const BATCH = 500;
/**
 * A failure reported longer ago than this is not news: a unit that reconnects still showing the
 * failure of last week is not told again (and its delivery of then may have left the log).
 */
const RECENT = '1 hour';
/** How long an instance trusts its answer to "does an active endpoint want install.failed?". */
const WANTED_TTL_MS = 10_000;

export interface InstallFailureDeps {
  db: Db;
  /** Whether an active endpoint wants install.failed (asked at most every WANTED_TTL_MS). */
  wanted: () => Promise<boolean>;
  /** Makes the deliveries of one failure; its id keeps it to one per endpoint, whoever tells it. */
  failed: (eventId: string, unit: FailedInstall) => Promise<void>;
  logger: FastifyBaseLogger;
}

/**
 * Finds installs that failed among the units whose record changed (the fleet's unitChanged,
 * which carries no state): a unit whose update state is INSTALLATION_FAILED, reported within the
 * hour. The failure's id is the unit and the time its state became failed (update_state_at), so
 * the same failure read again, here or on another instance, makes no second delivery.
 */
export class InstallFailureWatch {
  private readonly gathering: UnitGathering;
  private wantedUntil = 0;
  private wantedAnswer = false;

  constructor(private readonly deps: InstallFailureDeps) {
    this.gathering = new UnitGathering(
      BATCH,
      (serials) => this.look(serials),
      (err, units) => deps.logger.error({ err, units }, 'failed installs could not be looked for'),
      // Nobody listens: what was gathered is dropped unread (a unit reconnecting later is looked at then).
      () =>
        this.wanted().catch((err: unknown) => {
          deps.logger.error({ err }, 'could not tell whether an endpoint wants failed installs');
          return false;
        }),
    );
  }

  /** Called on every unit's every change: a set and a timer, nothing more. */
  unitChanged(serialNumber: string): void {
    this.gathering.add(serialNumber);
  }

  /** The endpoints changed on this instance: ask again at the next change. */
  endpointsChanged(): void {
    this.wantedUntil = 0;
  }

  /** Looks at what was gathered (tests call it to wait for the look). */
  flush(): Promise<void> {
    return this.gathering.flush();
  }

  stop(): Promise<void> {
    return this.gathering.stop();
  }

  private async wanted(): Promise<boolean> {
    if (Date.now() < this.wantedUntil) return this.wantedAnswer;
    this.wantedAnswer = await this.deps.wanted();
    this.wantedUntil = Date.now() + WANTED_TTL_MS;
    return this.wantedAnswer;
  }

  private async look(serials: string[]): Promise<void> {
    const rows = await this.deps.db
      .select({
        serialNumber: equipment.serialNumber,
        family: equipment.family,
        version: equipment.versionSemantic,
        pending: equipment.pendingSoftwareDownload,
        updateState: equipmentLive.updateState,
        at: equipmentLive.updateStateAt,
      })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .where(
        and(
          inArray(equipment.serialNumber, serials),
          eq(sql`${equipmentLive.updateState}->>'state'`, INSTALL_FAILED_STATE),
          sql`${equipmentLive.updateStateAt} > now() - ${RECENT}::interval`,
        ),
      );
    for (const row of rows) {
      if (!row.at) continue;
      const reportedAt = row.at.toISOString();
      await this.deps.failed(`${row.serialNumber}@${reportedAt}`, {
        serialNumber: row.serialNumber,
        family: row.family,
        version: row.version,
        failedVersion: row.updateState?.softwareUpdateDownload?.version.semantic ?? row.pending ?? null,
        failure: row.updateState?.failure ?? null,
        reportedAt,
      });
    }
  }
}
