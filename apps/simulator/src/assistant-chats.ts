import { askResponseSchema, chatSessionSchema } from '@ed/contract/assistant';
import { sleep, TimerGroup, type Clock } from './clock.js';
import type { Logger } from './logger.js';
import type { Prng } from './prng.js';
import { fillPath, type Endpoint } from '@ed/contract/http-api';
import { assistantServiceRoutes } from '@ed/contract/routes/assistant-service';

/** What technicians type into the unit's assistant panel. */
const QUESTIONS = [
  'The cameras cannot see the targets',
  'Target not found on the right side in sunlight',
  'Camber readings drift while the car sits on the lift',
  'Rolling compensation keeps failing',
  'How do I run a camera calibration?',
  'The printer prints blank pages',
  'Software update stuck at downloading',
  'ADAS calibration: where do I put the target?',
  'The unit does not connect to the console',
  'Toe readings jump between measurements',
] as const;

const MEAN_BETWEEN_CHATS_MS = 2 * 3_600_000;
const THINK_MS: readonly [number, number] = [2_000, 8_000];

export interface ChatHost {
  readonly serialNumber: string;
  /** The unit's device credential, once registered. */
  deviceToken(): string | null;
}

/**
 * A technician at the unit asks the assistant now and then: the unit opens a chat session over
 * HTTP with its device credential, asks one to three questions, and usually closes it.
 * Some units have a question soon after they come online, so a demo shows chats at once.
 */
export class AssistantChats {
  private readonly timers: TimerGroup;
  private abort = new AbortController();

  constructor(
    private readonly host: ChatHost,
    private readonly assistantUrl: string,
    private readonly clock: Clock,
    private readonly prng: Prng,
    private readonly logger: Logger,
  ) {
    this.timers = new TimerGroup(clock);
  }

  start(): void {
    this.stop();
    this.abort = new AbortController();
    const first = this.prng.chance(0.3) ? this.prng.int(3_000, 20_000) : this.prng.exponential(MEAN_BETWEEN_CHATS_MS);
    this.schedule(first);
  }

  stop(): void {
    this.timers.cancelAll();
    this.abort.abort(new Error('unit offline'));
  }

  private schedule(ms: number): void {
    this.timers.after(ms, () => {
      this.chat()
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          if (!this.abort.signal.aborted) this.logger.debug(`${this.host.serialNumber}: chat failed: ${reason}`);
        })
        .finally(() => {
          if (!this.abort.signal.aborted) this.schedule(this.prng.exponential(MEAN_BETWEEN_CHATS_MS));
        });
    });
  }

  /** One conversation; returns the session's id. */
  async chat(): Promise<string> {
    const session = chatSessionSchema.parse(await this.call(assistantServiceRoutes.openSession));
    const count = this.prng.int(1, 3);
    for (let i = 0; i < count; i += 1) {
      askResponseSchema.parse(
        await this.call(
          assistantServiceRoutes.ask,
          { sessionId: session.sessionId },
          { query: this.prng.pick(QUESTIONS) },
        ),
      );
      if (i < count - 1) await sleep(this.clock, this.prng.int(...THINK_MS), this.abort.signal);
    }
    if (this.prng.chance(0.8)) await this.call(assistantServiceRoutes.closeSession, { sessionId: session.sessionId });
    return session.sessionId;
  }

  private async call(route: Endpoint, params?: Record<string, string>, body?: unknown): Promise<unknown> {
    const path = fillPath(route.path, params);
    const token = this.host.deviceToken();
    if (!token) throw new Error('not registered');
    const basic = Buffer.from(`${this.host.serialNumber}:${token}`).toString('base64');
    const response = await fetch(`${this.assistantUrl.replace(/\/+$/, '')}${path}`, {
      method: route.method,
      headers: {
        authorization: `Basic ${basic}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: this.abort.signal,
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response.json();
  }
}
