import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_LOG_DAYS } from '@ed/contract/webhooks';
import { nextAttemptAt } from './webhook-backoff.js';
import { slackBody } from './webhook-bodies.js';
import type { ClaimedDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { Attempt, AttemptOutcome } from './webhook-sender.js';
import { signedHeaders } from './webhook-signature.js';

/** An attempt gets this long from its start to the answer's status. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * A claim lasts this long: six attempts' time, so it never runs out while its attempt is under
 * way; if its instance dies, the delivery is due again this long after the claim.
 */
const LEASE_MS = 6 * ATTEMPT_TIMEOUT_MS;
/** Deliveries claimed and sent at once per instance. */
const PARALLEL = 10;
/** Claims per run at most: a backlog is worked off over several runs, never in one that holds the close. */
const BATCHES_PER_RUN = 20;
/** Old deliveries deleted per run at most (by the created_at index). */
const CLEANUP_BATCH = 1000;
const DAY_MS = 86_400_000;
/** How long after deliveries were made here the worker looks for them (past the commit, usually). */
const SOON_MS = 100;
/** After a retry's time, so that its claim finds it due. */
const WAKE_MARGIN_MS = 5;

export interface WorkerDeps {
  deliveries: WebhookDeliveriesRepository;
  send: (attempt: Attempt) => Promise<AttemptOutcome>;
  publicUrl: string;
  retryBaseMs: number;
  allowPrivate: boolean;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/**
 * Sends the deliveries that are due, from any instance: each is claimed by one instance for one
 * attempt (FOR UPDATE SKIP LOCKED and a lease, webhook-deliveries.repository.ts), sent outside a
 * transaction, and its outcome recorded. Runs on the job's timer and at once after this instance
 * made deliveries; runs of one instance never overlap.
 */
export class WebhookWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** A retry this instance set: it runs then rather than at the job's next tick after it. */
  private wake: { at: number; timer: NodeJS.Timeout } | null = null;
  /** Ends the attempts under way when the server stops: a slow receiver must not hold the stop. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: WorkerDeps) {}

  /** Runs now, or once more after the run under way (events made during it are sent by it or the next). */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = this.work()
      .catch((err: unknown) => this.deps.logger.error({ err }, 'webhook deliveries failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.run();
        }
      });
    this.running = run;
    return run;
  }

  /**
   * Deliveries were made on this instance: a run shortly, once the transaction that made them
   * has most likely committed (if not, the job's next tick sends them).
   */
  soon(): void {
    this.wakeAt(new Date(Date.now() + SOON_MS));
  }

  /** The job's tick: due deliveries, then the log's old rows. */
  async tick(): Promise<void> {
    await this.run();
    const before = new Date(this.deps.clock().getTime() - WEBHOOK_LOG_DAYS * DAY_MS);
    await this.deps.deliveries.deleteOlderThan(before, CLEANUP_BATCH);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.wake) clearTimeout(this.wake.timer);
    this.stopping.abort();
    await this.running;
  }

  /** Runs at `at` unless a run is set earlier already (other instances' retries wait for the job). */
  private wakeAt(at: Date): void {
    if (this.stopped || (this.wake && this.wake.at <= at.getTime())) return;
    if (this.wake) clearTimeout(this.wake.timer);
    const timer = setTimeout(
      () => {
        this.wake = null;
        void this.run();
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    this.wake = { at: at.getTime(), timer };
  }

  private async work(): Promise<void> {
    for (let batch = 0; batch < BATCHES_PER_RUN && !this.stopped; batch++) {
      const now = this.deps.clock();
      const claimed = await this.deps.deliveries.claim(now, new Date(now.getTime() + LEASE_MS), PARALLEL);
      await Promise.all(
        claimed.map((delivery) =>
          // Not recorded (the database away): its claim runs out and it is due again then.
          this.attempt(delivery).catch((err: unknown) =>
            this.deps.logger.error({ err, delivery: delivery.id }, 'a webhook attempt could not be recorded'),
          ),
        ),
      );
      if (claimed.length < PARALLEL) break;
    }
    // The next one due, whichever instance set it: a wake that came a hair early (a timer may
    // fire a millisecond before the clock reaches its time) or behind an earlier one claims
    // nothing and sets nothing, and the delivery would wait for the job's next tick.
    const next = await this.deps.deliveries.nextDue();
    if (next) this.wakeAt(new Date(Math.max(next.getTime(), Date.now()) + WAKE_MARGIN_MS));
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.send(delivery).catch((err: unknown): AttemptOutcome => ({
      delivered: false,
      statusCode: null,
      error: `The console could not send it: ${err instanceof Error ? err.message : String(err)}`,
    }));
    const at = this.deps.clock();
    const next = outcome.delivered
      ? null
      : nextAttemptAt({
          attempts: delivery.attempts,
          firstAttemptAt: delivery.firstAttemptAt,
          now: at,
          baseMs: this.deps.retryBaseMs,
        });
    if (!outcome.delivered) {
      this.deps.logger.info(
        { delivery: delivery.id, attempts: delivery.attempts, status: outcome.statusCode, error: outcome.error },
        next ? 'webhook delivery failed; retried later' : 'webhook delivery failed for good',
      );
    }
    await this.deps.deliveries.record(delivery, { ...outcome, next, at });
    if (next) this.wakeAt(next);
  }

  /** One POST, in the endpoint's format, signed over the body as sent. */
  private send(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    const body = delivery.format === 'slack' ? slackBody(delivery.body, this.deps.publicUrl) : delivery.body;
    return this.deps.send({
      url: delivery.url,
      headers: signedHeaders(delivery.secret, delivery.id, body, this.deps.clock()),
      body,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      allowPrivate: this.deps.allowPrivate,
      signal: this.stopping.signal,
    });
  }
}
