import { DEVICE_PROTOCOL_VERSION, deviceErrorMessageSchema, sectionLink } from '@ed/contract/device-errors';
import { hasEveryField, seqOf, statusOf, willSeqOf, type ConnectionView } from './connections.js';
import { beatGraceMs } from './sequence-checks.js';
import { awaitAnnouncement, awaitConnection, awaitState, currentConnection, type RunContext } from './run-context.js';
import { EFFECT_MS, judgeAnswer } from './steps-commands.js';
import type { ConnectSeen } from './observations.js';

const heartbeatOf = (view: ConnectionView | null): number | undefined =>
  view?.birth ? statusOf(view.birth)?.heartbeatSeconds : undefined;

/**
 * The server's answer to a message it refused arrives on the unit's `error` topic: the unit logs
 * it and carries on. The kit sends one and watches the connection for a beat and a bit.
 */
export async function refusalHandling(ctx: RunContext): Promise<void> {
  const view = currentConnection(ctx);
  const error = deviceErrorMessageSchema.parse({
    protocolVersion: DEVICE_PROTOCOL_VERSION,
    topic: ctx.topics.state(ctx.serial),
    reason: 'invalid',
    problems: [{ path: 'alignmentCount', message: 'Must be a whole number (got string "many").' }],
    section: sectionLink('stateReports'),
    at: new Date().toISOString(),
  });
  const mark = ctx.observations.mark;
  await ctx.env.broker.publish(ctx.topics.error(ctx.serial), JSON.stringify(error), { qos: 0 });
  const heartbeat = heartbeatOf(view);
  const waitMs = heartbeat && heartbeat * 1000 <= ctx.timeoutMs ? heartbeat * 1000 + beatGraceMs(heartbeat) : 5_000;
  const status = ctx.topics.status(ctx.serial);
  const beat = await ctx.observations.waitFor(
    (s) => (s.kind === 'publish' && s.topic === status && !s.will && statusOf(s)?.online ? s : null),
    waitMs,
    mark,
  );
  const closed = ctx.observations.of('close', mark).find((c) => c.connection === view?.connect.connection);
  if (closed && (!beat || closed.at < beat.at)) {
    ctx.book.fail('refusals', 'the connection ended after a message on its error topic');
    return;
  }
  if (!beat) {
    if (heartbeat) {
      ctx.book.fail('refusals', `no beat in ${(waitMs / 1000).toFixed(0)} s after a message on its error topic`);
      return;
    }
    ctx.book.pass('refusals', 'still connected 5 s later (no heartbeat to wait for)');
    return;
  }
  ctx.book.pass('refusals', 'still connected, beating');
}

/** rebirth {}: its birth again with the same connection's seq, then the full state with a new seq. */
export async function rebirth(ctx: RunContext): Promise<void> {
  const view = currentConnection(ctx);
  const highest = Math.max(-1, ...ctx.observations.of('publish').map((p) => seqOf(p.payload) ?? -1));
  const answer = await ctx.commander.call('rebirth');
  const status = ctx.topics.status(ctx.serial);
  const birth = answer.problem
    ? null
    : await ctx.observations.waitFor(
        (s) => (s.kind === 'publish' && s.topic === status && !s.will && statusOf(s)?.online ? s : null),
        EFFECT_MS,
        answer.command.mark,
      );
  const state = birth
    ? await awaitState(
        ctx,
        (_, report) => hasEveryField(JSON.stringify(report)),
        EFFECT_MS,
        ctx.observations.all.indexOf(birth),
      )
    : null;
  const birthSeq = birth ? statusOf(birth)?.seq : undefined;
  const problem = !birth
    ? `no birth within ${EFFECT_MS / 1000} s`
    : birthSeq !== view?.seq
      ? `the birth has seq ${birthSeq ?? 'none'}, not its connection’s ${view?.seq ?? 'none'}`
      : !state
        ? `no full state after the birth within ${EFFECT_MS / 1000} s`
        : (seqOf(state.payload) ?? -1) <= highest
          ? `the full state has seq ${seqOf(state.payload) ?? 'none'}, not a new one`
          : null;
  judgeAnswer(ctx, answer, problem);
}

/** What a new connection after `previous` says: its seq against the old one's, then its birth. */
async function judgeNewConnection(
  ctx: RunContext,
  check: 'reconnect' | 'rebirth-new-connection',
  previous: ConnectionView,
  since: number,
): Promise<void> {
  const connect: ConnectSeen | null = await awaitConnection(ctx, since);
  if (!connect) {
    ctx.book.fail(check, `did not connect again in ${ctx.timeoutMs / 1000} s`);
    return;
  }
  const { birth, state } = await awaitAnnouncement(ctx, connect, ctx.observations.all.indexOf(connect));
  const old = previous.seq;
  const seq = willSeqOf(connect);
  const birthSeq = birth ? statusOf(birth)?.seq : undefined;
  const problem =
    seq === null || old === null
      ? 'a will without a seq'
      : seq === old
        ? `reconnected with seq ${seq} in its will, the seq of the connection it lost: a new connection takes a new seq`
        : seq < old
          ? `reconnected with seq ${seq}, below the lost connection’s ${old}`
          : !birth
            ? 'no birth on the new connection'
            : birthSeq !== seq
              ? `the new birth has seq ${birthSeq ?? 'none'}, its will ${seq}`
              : !state
                ? 'no full state on the new connection'
                : null;
  ctx.book.judge(check, problem === null, problem ?? `seq ${String(old)} → ${String(seq)}`);
}

/** The kit cuts the line (no DISCONNECT, so its broker sends the will); the unit comes back under a new seq. */
export async function reconnect(ctx: RunContext): Promise<void> {
  const previous = currentConnection(ctx);
  const mark = ctx.observations.mark;
  if (!previous || !ctx.env.broker.dropUnit()) {
    ctx.book.fail('reconnect', 'the unit was not connected when the kit meant to cut its line');
    return;
  }
  await judgeNewConnection(ctx, 'reconnect', previous, mark);
}

/** rebirth {newConnection: true}: the unit ends this connection itself and connects under a newer seq. */
export async function rebirthOnNewConnection(ctx: RunContext): Promise<void> {
  const previous = currentConnection(ctx);
  if (!previous) {
    ctx.book.fail('rebirth-new-connection', 'not connected');
    return;
  }
  const answer = await ctx.commander.call('rebirth', { newConnection: true });
  if (answer.problem) {
    ctx.book.fail('rebirth-new-connection', answer.problem);
    return;
  }
  await judgeNewConnection(ctx, 'rebirth-new-connection', previous, answer.command.mark);
}

const SHUTDOWN_MS = 10_000;

/**
 * SIGTERM to the unit the kit started. Required: the process ends and its connection with it.
 * Recommended: its death on status (retained, QoS 1, the connection's seq) before DISCONNECT; a
 * unit that just dies leaves it to its will, which only says the same later.
 */
export async function shutdown(ctx: RunContext): Promise<void> {
  if (!ctx.unit) {
    ctx.book.skip('shutdown', 'the kit did not start the unit (--wait)');
    ctx.book.skip('shutdown-death', 'the kit did not start the unit (--wait)');
    return;
  }
  const view = currentConnection(ctx);
  const mark = ctx.observations.mark;
  ctx.stoppingUnit = true;
  const ended = await ctx.unit.terminate(SHUTDOWN_MS);
  const close = await ctx.observations.waitFor((s) => (s.kind === 'close' ? s : null), 2_000, mark);
  ctx.book.judge(
    'shutdown',
    ended && close !== null,
    ended
      ? close
        ? 'ended'
        : 'the process ended but its connection did not'
      : `still running ${SHUTDOWN_MS / 1000} s after SIGTERM`,
  );
  const status = ctx.topics.status(ctx.serial);
  const death = ctx.observations
    .of('publish', mark)
    .find((p) => p.topic === status && !p.will && statusOf(p)?.online === false);
  if (!death) {
    const will = ctx.observations.of('publish', mark).some((p) => p.will);
    ctx.book.fail('shutdown-death', will ? 'no death: the broker published its will instead' : 'no death');
    return;
  }
  const seq = statusOf(death)?.seq;
  const problem =
    seq !== view?.seq
      ? `death seq ${seq ?? 'none'}, its connection’s is ${view?.seq ?? 'none'}`
      : death.qos !== 1 || !death.retain
        ? `death at QoS ${death.qos}${death.retain ? '' : ', not retained'}`
        : close?.disconnect
          ? null
          : 'death sent, but the connection ended without DISCONNECT';
  ctx.book.judge(
    'shutdown-death',
    problem === null,
    problem ?? `{online: false, seq: ${String(seq)}}, then DISCONNECT`,
  );
}
