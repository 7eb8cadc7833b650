import type { FastifyBaseLogger } from 'fastify';
import type { SoftwareRepository, SoftwareUpdateRow } from './software.repository.js';

/** Tells owed per round: as many as a rollout stages in one. */
const ROUND_BATCH = 250;

/**
 * The staged updates as an outbox: each round finds the connected units whose tell is owed —
 * never claimed (its sender died before it got there), or claimed and never answered (its sender
 * died waiting, or the unit was busy) once the claim's lease is over — and tells them, through the
 * teller's claim, so a tell is sent once however many instances run the round.
 */
export class TellRound {
  constructor(
    private readonly deps: {
      repository: SoftwareRepository;
      tell(serialNumber: string, update: SoftwareUpdateRow, at: Date): Promise<void>;
      leaseMs: number;
      logger: FastifyBaseLogger;
    },
  ) {}

  /** One round; resolves when its tells have their answers (or gave up). Returns how many were owed. */
  async run(now: Date): Promise<number> {
    const { repository, leaseMs, logger } = this.deps;
    const owed = await repository.untold(now, leaseMs, ROUND_BATCH);
    if (owed.length === 0) return 0;
    const updates = new Map<number, SoftwareUpdateRow | undefined>();
    for (const id of new Set(owed.map((o) => o.updateId))) updates.set(id, await repository.byId(id));
    const results = await Promise.allSettled(
      owed.map(async ({ serialNumber, updateId }) => {
        const update = updates.get(updateId);
        if (update) await this.deps.tell(serialNumber, update, now);
      }),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    logger.debug({ owed: owed.length, failed }, 'staged updates told again');
    return owed.length;
  }
}
