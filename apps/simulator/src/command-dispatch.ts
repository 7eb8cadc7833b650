import {
  commandMessageSchema,
  deviceCommands,
  type DeviceCommandName,
  type ReplyMessage,
} from '@ed/contract/device-protocol';
import { z } from 'zod';
import { CommandError } from './command-error.js';
import { commandHandlers, unsupportedReason, type CommandTarget } from './commands.js';
import type { Logger } from './logger.js';

const REMEMBERED_REPLIES = 200;

/**
 * Replies already sent, by command id: QoS 1 may deliver a command twice, and the second delivery
 * must get the same answer without acting twice (docs/device-protocol.md).
 */
export class ReplyCache {
  private readonly replies = new Map<string, ReplyMessage>();

  get(id: string): ReplyMessage | undefined {
    return this.replies.get(id);
  }

  set(reply: ReplyMessage): void {
    this.replies.set(reply.id, reply);
    if (this.replies.size > REMEMBERED_REPLIES) {
      const oldest = this.replies.keys().next().value;
      if (oldest !== undefined) this.replies.delete(oldest);
    }
  }
}

const issues = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ');

/** The id of a command too broken to parse, if it has a usable one, so the gateway's waiter still hears back. */
function salvageId(payload: unknown): string | null {
  const id = (payload as { id?: unknown } | null)?.id;
  return z.uuid().safeParse(id).success ? (id as string) : null;
}

/**
 * Handles one message from the unit's `cmd` topic and returns the reply to publish, or null when
 * nothing must be sent (not JSON, no usable id, or expired: the gateway has given up on it).
 */
export async function dispatchCommand(
  raw: Buffer | string,
  target: CommandTarget,
  cache: ReplyCache,
  logger: Logger,
): Promise<ReplyMessage | null> {
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString());
  } catch {
    logger.warn(`${target.serialNumber}: dropped a command that is not JSON`);
    return null;
  }
  const parsed = commandMessageSchema.safeParse(payload);
  if (!parsed.success) {
    const id = salvageId(payload);
    logger.warn(`${target.serialNumber}: invalid command (${issues(parsed.error)})`);
    return id ? { id, ok: false, error: `invalid command: ${issues(parsed.error)}`.slice(0, 1024) } : null;
  }
  const command = parsed.data;
  const earlier = cache.get(command.id);
  if (earlier) return earlier;
  if (Date.parse(command.expiresAt) <= target.clock.now()) {
    logger.info(`${target.serialNumber}: dropped expired command ${command.name} ${command.id}`);
    return null;
  }
  const done = await run(command.name, command.id, command.args, target, logger);
  // The command's trace goes back with the reply, so the server's trace of the call includes it.
  const reply = command.traceparent ? { ...done, traceparent: command.traceparent } : done;
  cache.set(reply);
  return reply;
}

async function run(
  name: DeviceCommandName,
  id: string,
  rawArgs: unknown,
  target: CommandTarget,
  logger: Logger,
): Promise<ReplyMessage> {
  const spec = deviceCommands[name];
  const args = spec.args.safeParse(rawArgs);
  if (!args.success) return { id, ok: false, error: `invalid arguments for ${name}: ${issues(args.error)}` };
  const refusal = unsupportedReason(name, target.state);
  if (refusal) return { id, ok: false, error: refusal };
  try {
    const handler = commandHandlers[name] as (t: CommandTarget, a: unknown) => unknown;
    const result = spec.result.parse(await handler(target, args.data)) as Record<string, unknown>;
    return { id, ok: true, result };
  } catch (error) {
    if (error instanceof CommandError) return { id, ok: false, error: error.message };
    const message = error instanceof Error ? error.message : String(error);
    logger.error(`${target.serialNumber}: ${name} failed: ${message}`);
    return { id, ok: false, error: `${name} failed on the unit: ${message}`.slice(0, 1024) };
  }
}
