import { deviceErrorMessageSchema, problemText } from '@ed/contract/device-errors';
import type { DeviceTopics } from '@ed/contract/device-topics';

const jsonOrNull = (payload: Buffer): unknown => {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
};

/** What the server said on the unit's `error` topic, as one line for the people who build the unit. */
export function refusalText(payload: Buffer): string {
  const parsed = deviceErrorMessageSchema.safeParse(jsonOrNull(payload));
  return parsed.success
    ? `the server refused its message on ${parsed.data.topic} (${parsed.data.reason}): ` +
        `${parsed.data.problems.map(problemText).join(' ')} See ${parsed.data.section}.`
    : `the server refused one of its messages: ${payload.toString('utf8').slice(0, 300)}`;
}

/** The command's `replyTo` when it is one of this unit's own reply topics, else the plain `reply`. */
export function replyTopicFor(payload: Buffer | string, serial: string, topics: DeviceTopics): string {
  try {
    const replyTo = (JSON.parse(payload.toString()) as { replyTo?: unknown }).replyTo;
    const parsed = typeof replyTo === 'string' ? topics.parse(replyTo) : null;
    if (parsed?.kind === 'reply' && parsed.serialNumber === serial) return replyTo as string;
  } catch {
    // Not JSON: the command was dropped already.
  }
  return topics.reply(serial);
}
