import { notOffered } from './offered.js';
import { mergedState, type RunContext } from './run-context.js';
import {
  answerOnlyCommands,
  checkNow,
  duplicate,
  expiredThenLoggingLevel,
  invalidArgument,
  offered,
  targetType,
} from './steps-commands.js';
import { type ConnectGate, awaitFirstAnnouncement, awaitRegistration, awaitRotation } from './steps-identity.js';
import { rebirth, rebirthOnNewConnection, reconnect, refusalHandling, shutdown } from './steps-lifecycle.js';
import { stagingAndInstall, unstaging } from './steps-staging.js';

/** How long --wait waits for the unit started by hand to register. */
const HAND_START_MS = 10 * 60_000;

/**
 * The run, in the order a unit meets it in the field: registration and a token refused, the
 * connection, the console's commands, an update, a refusal, a lost line, a rebirth on a new
 * connection and a shutdown. Returns why it stopped early, or null when it went through.
 */
export async function runSteps(ctx: RunContext, gate: ConnectGate): Promise<string | null> {
  if (!(await awaitRegistration(ctx, ctx.unit ? ctx.timeoutMs : HAND_START_MS))) return 'the unit did not register';
  ctx.say('Registered; the broker refuses its first CONNECT (a revoked token)…');
  const connect = await awaitRotation(ctx, gate);
  if (!connect) return 'the unit did not connect with a new token';
  if (!(await awaitFirstAnnouncement(ctx, connect))) return 'the unit did not announce itself';

  ctx.say('Connected; sending the console’s commands…');
  await answerOnlyCommands(ctx);
  await expiredThenLoggingLevel(ctx);
  await targetType(ctx);
  await invalidArgument(ctx);
  await duplicate(ctx);
  await checkNow(ctx);
  await rebirth(ctx);

  // The refusal is watched for a beat while the update installs: the two do not meet.
  const refusals = refusalHandling(ctx);
  if (updatable(ctx)) {
    ctx.say('Staging an update (and a refusal on its error topic meanwhile)…');
    await stagingAndInstall(ctx);
    // A unit that could not take the first update would only fail the second the same way, slowly.
    if (ctx.book.outcome('stage') === 'pass') await unstaging(ctx);
    const after = [
      'download',
      'install',
      'unstage',
      'cmd-download_now',
      'cmd-install_now',
      'cmd-clear_pending_updates',
    ];
    for (const id of after) if (!ctx.book.has(id)) ctx.book.skip(id, 'not reached: the update did not get that far');
  }
  await refusals;

  ctx.say('Cutting its line, then a rebirth on a new connection…');
  await reconnect(ctx);
  await rebirthOnNewConnection(ctx);
  ctx.book.skip(
    'reset-serial',
    'not sent: it renames the unit on the server, which only the console’s own command does (docs/conformance.md)',
  );
  ctx.say('Stopping the unit…');
  await shutdown(ctx);
  return null;
}

/**
 * Whether the console would send this unit updates at all (an aligner-oasis gets none); if not,
 * the update rows are skipped with the reason.
 */
function updatable(ctx: RunContext): boolean {
  const commands = ['check_now', 'download_now', 'install_now', 'clear_pending_updates'] as const;
  const offers = commands.map((name) => offered(ctx, name));
  if (offers.every(Boolean)) return true;
  const why = notOffered('download_now', mergedState(ctx), ctx.family) ?? 'the update commands are not offered';
  for (const id of ['stage', 'download', 'install', 'unstage', 'cmd-clear_pending_updates']) ctx.book.skip(id, why);
  return false;
}
