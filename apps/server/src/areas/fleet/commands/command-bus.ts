import { randomUUID } from 'node:crypto';
import { context, trace, type Context, type Tracer } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import {
  deviceCommands,
  replyMessageSchema,
  type CommandMessage,
  type DeviceCommandArgs,
  type DeviceCommandName,
  type DeviceCommandResult,
} from '@ed/contract/device-protocol';
import { problemsOf, problemText, type DeviceProblem } from '@ed/contract/device-errors';
import type { DeviceTopics } from '@ed/contract/device-topics';
import type { UnitCommands } from '../../../ports/commands.js';
import { DomainError, serviceUnavailable, unitFailed, unitSilent } from '../../../shared/domain-error.js';
import type { CommandOutcome } from '../../../shared/telemetry.js';
import { activeTraceparent, TRACER_NAME } from '../../../shared/tracing.js';
import { commandSpan, replySpan } from './command-spans.js';
import type { Refusal } from '../device-identity/unit-refusals.js';

interface Waiter {
  serialNumber: string;
  name: DeviceCommandName;
  /** The trace the command was sent in, for the reply's span. */
  context: Context;
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Sends a command to a unit and waits for the reply with its id. Each server instance keeps
 * only the waiters of the commands it sent; replies to others' commands are ignored.
 */
export class CommandBus implements UnitCommands {
  private readonly waiters = new Map<string, Waiter>();

  constructor(
    /** `traceparent`: the command's trace, for a broker that carries it as an MQTT 5 user property. */
    private readonly publish: (topic: string, payload: string, traceparent?: string) => Promise<void>,
    private readonly timeoutMs: number,
    private readonly logger: FastifyBaseLogger,
    /** The deployment's topics, and this instance's id: units answer on its own reply topic. */
    private readonly route: { topics: DeviceTopics; instanceId: string },
    /** A reply the server cannot use is told to the unit and counted (unit-refusals.ts). */
    private readonly refused: (refusal: Refusal) => void = () => undefined,
    /** Each round trip's end, for metrics: the command, how it ended and how long it took. */
    private readonly observe: (command: DeviceCommandName, outcome: CommandOutcome, seconds: number) => void = () =>
      undefined,
    /** Where spans are made (shared/telemetry.ts): read at each command, as tracing may start later. */
    private readonly tracer: () => Tracer = () => trace.getTracer(TRACER_NAME),
  ) {}

  async send<C extends DeviceCommandName>(
    serialNumber: string,
    name: C,
    args: DeviceCommandArgs<C>,
  ): Promise<DeviceCommandResult<C>> {
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      const result = await commandSpan(this.tracer(), serialNumber, name, () =>
        this.roundTrip(serialNumber, name, args),
      );
      this.observe(name, 'ok', took());
      return result;
    } catch (err) {
      this.observe(name, outcomeOf(err), took());
      throw err;
    }
  }

  private async roundTrip<C extends DeviceCommandName>(
    serialNumber: string,
    name: C,
    args: DeviceCommandArgs<C>,
  ): Promise<DeviceCommandResult<C>> {
    const id = randomUUID();
    const message: CommandMessage = {
      id,
      name,
      args,
      expiresAt: new Date(Date.now() + this.timeoutMs).toISOString(),
      replyTo: this.route.topics.replyFor(serialNumber, this.route.instanceId),
      traceparent: activeTraceparent(),
    };
    const reply = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        const seconds = Math.round(this.timeoutMs / 100) / 10;
        reject(unitSilent(`Unit ${serialNumber} did not answer ${name} within ${seconds} s.`));
      }, this.timeoutMs);
      this.waiters.set(id, { serialNumber, name, context: context.active(), resolve, reject, timer });
    });
    // Settled early (the server stopping while the publish is still under way) it must not count as unhandled.
    reply.catch(() => undefined);
    try {
      await this.publish(this.route.topics.command(serialNumber), JSON.stringify(message), message.traceparent);
    } catch (err) {
      this.settle(id)?.reject(serviceUnavailable(`The command could not be sent to unit ${serialNumber}.`));
      this.logger.warn({ err, serialNumber, name }, 'command not published');
    }
    const result = await reply;
    const parsed = deviceCommands[name].result.safeParse(result, { reportInput: true });
    if (!parsed.success) {
      const problems = problemsOf(parsed.error).map((p) => ({
        ...p,
        path: ['result', p.path].filter(Boolean).join('.'),
      }));
      const topic = message.replyTo ?? this.route.topics.reply(serialNumber);
      this.refused({ serialNumber, topic, reason: 'invalid-reply', problems, section: 'commands', id });
      throw unusable(serialNumber, name, problems);
    }
    return parsed.data as DeviceCommandResult<C>;
  }

  /**
   * A reply from any unit; matched to its waiter by id and by the unit it was sent to. A reply
   * that is not one is refused, and the call waiting for it fails at once (502), not by timeout.
   */
  handleReply(serialNumber: string, json: unknown, topic = this.route.topics.reply(serialNumber)): void {
    const reply = replyMessageSchema.safeParse(json, { reportInput: true });
    if (!reply.success) {
      const id = idOf(json);
      const problems = problemsOf(reply.error);
      this.refused({ serialNumber, topic, reason: 'invalid-reply', problems, section: 'replies', id });
      const waiter =
        id !== undefined && this.waiters.get(id)?.serialNumber === serialNumber ? this.settle(id) : undefined;
      waiter?.reject(unusable(serialNumber, waiter.name, problems));
      return;
    }
    if (this.waiters.get(reply.data.id)?.serialNumber !== serialNumber) return;
    const waiter = this.settle(reply.data.id);
    if (!waiter) return;
    replySpan(this.tracer(), waiter, reply.data);
    if (reply.data.ok) waiter.resolve(reply.data.result);
    else waiter.reject(unitFailed(`Unit ${waiter.serialNumber} could not do it: ${reply.data.error}`));
  }

  /** Fails every command still waiting (the server is stopping). */
  close(): void {
    for (const id of [...this.waiters.keys()]) {
      this.settle(id)?.reject(serviceUnavailable('The server is stopping; try again in a moment.'));
    }
  }

  private settle(id: string): Waiter | undefined {
    const waiter = this.waiters.get(id);
    if (!waiter) return undefined;
    clearTimeout(waiter.timer);
    this.waiters.delete(id);
    return waiter;
  }
}

/** The unit answered, but not in the protocol's words: its fault, said as the server's 502. */
const unusable = (serialNumber: string, name: string, problems: DeviceProblem[]) =>
  unitFailed(
    `Unit ${serialNumber} answered ${name} in a form the server cannot use: ${problems.map(problemText).join('; ')}`,
  );

function idOf(json: unknown): string | undefined {
  const id = typeof json === 'object' && json !== null ? (json as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}

/** How a round trip ended, from the error it ended with: the unit's no, its silence, or no broker. */
function outcomeOf(err: unknown): CommandOutcome {
  if (!(err instanceof DomainError)) return 'failed';
  if (err.kind === 'unitSilent') return 'timeout';
  return err.kind === 'unavailable' ? 'unavailable' : 'failed';
}
