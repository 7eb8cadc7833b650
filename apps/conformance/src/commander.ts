import { randomUUID } from 'node:crypto';
import { problemText, problemsOf } from '@ed/contract/device-errors';
import { deviceCommands, replyMessageSchema, type DeviceCommandName } from '@ed/contract/device-protocol';
import type { DeviceTopics } from '@ed/contract/device-topics';
import type { KitBroker } from './kit-broker.js';
import { jsonOf, type Observations, type PublishSeen } from './observations.js';

/** As the gateway's COMMAND_TIMEOUT_MS: what a unit has to answer a command. */
const COMMAND_TIMEOUT_MS = 10_000;
/** How long after expiresAt the kit still listens, to tell a late answer from none. */
const LATE_MS = 1_000;

export interface SentCommand {
  id: string;
  name: DeviceCommandName;
  args: Record<string, unknown>;
  expiresAt: number;
  /** Where the log stood when it was sent. */
  mark: number;
}

export interface Answer {
  command: SentCommand;
  reply: PublishSeen | null;
  /** What is wrong with the answer, or null when it is right. */
  problem: string | null;
  result: Record<string, unknown> | null;
}

const CONSOLE_INSTANCE = 'conformance';

/** Sends commands as a server instance would, and reads the unit's answers from the log. */
export class Commander {
  constructor(
    private readonly observations: Observations,
    private readonly broker: KitBroker,
    private readonly topics: DeviceTopics,
    private readonly serial: string,
  ) {}

  /** The kit's own reply topic, as an instance's `<root>/<serial>/reply/<instance>`. */
  get replyTo(): string {
    return this.topics.replyFor(this.serial, CONSOLE_INSTANCE);
  }

  async send(
    name: DeviceCommandName,
    args: Record<string, unknown> = {},
    options: { expiresInMs?: number; id?: string } = {},
  ): Promise<SentCommand> {
    const id = options.id ?? randomUUID();
    const expiresAt = Date.now() + (options.expiresInMs ?? COMMAND_TIMEOUT_MS);
    const mark = this.observations.mark;
    const message = { id, name, args, expiresAt: new Date(expiresAt).toISOString(), replyTo: this.replyTo };
    await this.broker.publish(this.topics.command(this.serial), JSON.stringify(message), { qos: 1 });
    return { id, name, args, expiresAt, mark };
  }

  /** The first reply naming the command's id, waited for until just after its expiresAt. */
  awaitReply(command: SentCommand, waitMs = command.expiresAt - Date.now() + LATE_MS): Promise<PublishSeen | null> {
    return this.observations.waitFor(
      (seen) => (seen.kind === 'publish' && !seen.will && this.isReplyTo(seen, command.id) ? seen : null),
      waitMs,
      command.mark,
    );
  }

  isReplyTo(p: PublishSeen, id: string): boolean {
    const parsed = this.topics.parse(p.topic);
    return (
      parsed?.kind === 'reply' &&
      parsed.serialNumber === this.serial &&
      (jsonOf(p.payload) as { id?: unknown } | undefined)?.id === id
    );
  }

  /** Sends and judges the answer: in time, of the reply's shape, ok, with the command's result. */
  async call(name: DeviceCommandName, args: Record<string, unknown> = {}): Promise<Answer> {
    const command = await this.send(name, args);
    const reply = await this.awaitReply(command);
    return { command, reply, ...judgeReply(command, reply) };
  }
}

function judgeReply(
  command: SentCommand,
  reply: PublishSeen | null,
): { problem: string | null; result: Record<string, unknown> | null } {
  const none = { result: null };
  if (!reply) return { ...none, problem: `no reply to ${command.name} by its expiresAt` };
  if (reply.at > command.expiresAt)
    return { ...none, problem: `replied ${reply.at - command.expiresAt} ms after expiresAt` };
  const parsed = replyMessageSchema.safeParse(jsonOf(reply.payload), { reportInput: true });
  if (!parsed.success) {
    return { ...none, problem: `the reply is refused: ${problemsOf(parsed.error).map(problemText).join(' ')}` };
  }
  if (!parsed.data.ok) return { ...none, problem: `answered ok: false: ${JSON.stringify(parsed.data.error)}` };
  const result = deviceCommands[command.name].result.safeParse(parsed.data.result, { reportInput: true });
  if (!result.success) {
    return { ...none, problem: `the result is refused: ${problemsOf(result.error).map(problemText).join(' ')}` };
  }
  return { problem: null, result: parsed.data.result };
}
