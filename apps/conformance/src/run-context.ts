import type { DeviceTopics } from '@ed/contract/device-topics';
import type { CheckBook } from './checks.js';
import type { Commander } from './commander.js';
import { connectionsOf, hasEveryField, statusOf, type ConnectionView } from './connections.js';
import type { Environment } from './environment.js';
import { jsonOf, type ConnectSeen, type Observations, type PublishSeen } from './observations.js';
import type { UnitProcess } from './unit-process.js';

/** What every step of a run works with. */
export interface RunContext {
  serial: string;
  enrollmentKey: string;
  /** The family the unit's serial number names. */
  family: string | null;
  topics: DeviceTopics;
  observations: Observations;
  env: Environment;
  book: CheckBook;
  commander: Commander;
  /** The unit the kit started; null when it waits for one started by hand. */
  unit: UnitProcess | null;
  /** The longest the kit waits for any one thing (--timeout-seconds). */
  timeoutMs: number;
  /** Set once the kit itself ends the unit (the shutdown check): its exit is expected then. */
  stoppingUnit: boolean;
  say(line: string): void;
}

export type UnitState = Record<string, unknown>;

/** The unit's state as its reports merged, up to entry `upTo` of the log (all of it by default). */
export function mergedState(ctx: RunContext, upTo = ctx.observations.mark): UnitState {
  const state: UnitState = {};
  const topic = ctx.topics.state(ctx.serial);
  for (const seen of ctx.observations.all.slice(0, upTo)) {
    if (seen.kind !== 'publish' || seen.topic !== topic) continue;
    const report = jsonOf(seen.payload);
    if (typeof report === 'object' && report !== null) Object.assign(state, report);
  }
  return state;
}

/**
 * The first state report from `since` on after which the merged state satisfies `ok` (given the
 * merged state and the report itself); null if none came within `timeoutMs`.
 */
export function awaitState(
  ctx: RunContext,
  ok: (state: UnitState, report: UnitState) => boolean,
  timeoutMs: number,
  since: number,
): Promise<PublishSeen | null> {
  const topic = ctx.topics.state(ctx.serial);
  return ctx.observations.waitFor(
    (seen) => {
      if (seen.kind !== 'publish' || seen.topic !== topic) return null;
      const report = jsonOf(seen.payload);
      if (typeof report !== 'object' || report === null) return null;
      const index = ctx.observations.all.indexOf(seen) + 1;
      return ok(mergedState(ctx, index), report as UnitState) ? seen : null;
    },
    timeoutMs,
    since,
  );
}

const views = (ctx: RunContext): ConnectionView[] => connectionsOf(ctx.observations.all, ctx.topics, ctx.serial);

/** The connection the unit holds now (the latest let in), if any. */
export const currentConnection = (ctx: RunContext): ConnectionView | null => views(ctx).at(-1) ?? null;

/** The next CONNECT the broker lets in, from `since` on. */
export const awaitConnection = (ctx: RunContext, since: number, timeoutMs = ctx.timeoutMs) =>
  ctx.observations.waitFor((s) => (s.kind === 'connect' && s.refusal === null ? s : null), timeoutMs, since);

/** A birth on `connect`'s connection from `since` on, then the full state after it. */
export async function awaitAnnouncement(
  ctx: RunContext,
  connect: ConnectSeen,
  since: number,
): Promise<{ birth: PublishSeen | null; state: PublishSeen | null }> {
  const status = ctx.topics.status(ctx.serial);
  const birth = await ctx.observations.waitFor(
    (s) =>
      s.kind === 'publish' &&
      !s.will &&
      s.connection === connect.connection &&
      s.topic === status &&
      statusOf(s)?.online
        ? s
        : null,
    ctx.timeoutMs,
    since,
  );
  if (!birth) return { birth, state: null };
  const after = ctx.observations.all.indexOf(birth);
  const stateTopic = ctx.topics.state(ctx.serial);
  const state = await ctx.observations.waitFor(
    (s) =>
      s.kind === 'publish' && s.connection === connect.connection && s.topic === stateTopic && hasEveryField(s.payload)
        ? s
        : null,
    ctx.timeoutMs,
    after,
  );
  return { birth, state };
}
