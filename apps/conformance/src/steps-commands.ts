import type { DeviceCommandName } from '@ed/contract/device-protocol';
import type { Answer } from './commander.js';
import { jsonOf } from './observations.js';
import { notOffered } from './offered.js';
import { awaitState, mergedState, type RunContext, type UnitState } from './run-context.js';

/** Commands whose whole effect is their answer. */
const ANSWER_ONLY: readonly DeviceCommandName[] = [
  'get_usb_status',
  'get_printer_status',
  'get_voltages',
  'activate',
  'get_calibration_logs',
  'get_screen_shot',
  'rcp',
  'open_ssh_port',
  'close_ssh_port',
  'end_rcp',
];
/** How long a unit has to report what a command changed. */
export const EFFECT_MS = 5_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One row per command: answered in time, as `{id, ok: true, result}` with its result's shape, on replyTo. */
export function judgeAnswer(ctx: RunContext, answer: Answer, extra: string | null = null): void {
  const name = answer.command.name;
  const problem = answer.problem ?? extra;
  ctx.book.judge(`cmd-${name}`, problem === null, problem ?? '');
  if (!answer.reply) return;
  if (answer.reply.topic === ctx.commander.replyTo) ctx.book.pass('reply-to', '');
  else ctx.book.fail('reply-to', `answered ${name} on ${answer.reply.topic}, not ${ctx.commander.replyTo}`);
}

export async function answerOnlyCommands(ctx: RunContext): Promise<void> {
  for (const name of ANSWER_ONLY) {
    if (!offered(ctx, name)) continue;
    const answer = await ctx.commander.call(name);
    const image = answer.result?.image;
    const png = typeof image === 'string' && Buffer.from(image, 'base64').subarray(0, 8).equals(PNG_SIGNATURE);
    judgeAnswer(ctx, answer, name === 'get_screen_shot' && answer.result && !png ? 'the image is not a PNG' : null);
  }
  const now = Date.now();
  const hour = (n: number) => new Date(now + n * 3_600_000).toISOString();
  const message = {
    messageId: 1,
    header: 'Conformance',
    body: 'A message of the conformance kit.',
    callToAction: 'OK',
  };
  judgeAnswer(ctx, await ctx.commander.call('show_message', { ...message, startsAt: hour(-1), endsAt: hour(1) }));
  const notification = { notificationId: 1, name: 'Conformance', resourcePath: ctx.env.front.notificationUrl };
  judgeAnswer(
    ctx,
    await ctx.commander.call('show_notification', {
      ...notification,
      mimeType: 'image/png',
      beginsOn: hour(-1),
      endsOn: hour(1),
    }),
  );
}

/** True when the console would send `name` to the unit as it reports itself; else its row is skipped, saying why. */
export function offered(ctx: RunContext, name: DeviceCommandName): boolean {
  const why = notOffered(name, mergedState(ctx), ctx.family);
  if (why) ctx.book.skip(`cmd-${name}`, why);
  return why === null;
}

/**
 * A command past its expiresAt (the gateway gave up on it) is dropped: no effect and no answer
 * (docs/device-protocol.md, "Commands"). The kit sends an expired set_logging_level, whose effect
 * a unit reports, then the same in time: the report that follows shows the first was not lost on
 * the way. A unit not offered the logging level gets an expired get_usb_status (no effect to see).
 */
export async function expiredThenLoggingLevel(ctx: RunContext): Promise<void> {
  const withLevel = offered(ctx, 'set_logging_level');
  const level = mergedState(ctx).logLevel === 'INFO' ? 'WARN' : 'INFO';
  const expired = withLevel
    ? await ctx.commander.send('set_logging_level', { loggingLevel: level }, { expiresInMs: -60_000 })
    : await ctx.commander.send('get_usb_status', {}, { expiresInMs: -60_000 });
  const reply = await ctx.commander.awaitReply(expired, 3_000);
  const changed =
    withLevel &&
    ctx.observations
      .of('publish', expired.mark)
      .some(
        (p) =>
          p.topic === ctx.topics.state(ctx.serial) && (jsonOf(p.payload) as UnitState | undefined)?.logLevel === level,
      );
  const what = [
    changed && `acted on (reported logLevel ${level})`,
    reply && `answered (${reply.payload.slice(0, 80)})`,
  ];
  const wrong = what.filter((w): w is string => typeof w === 'string');
  if (wrong.length > 0)
    ctx.book.fail('expired', `a ${expired.name} that expired a minute ago was ${wrong.join(' and ')}`);
  else ctx.book.pass('expired', `${expired.name} dropped without an answer`);
  if (!withLevel) return;

  const answer = await ctx.commander.call('set_logging_level', { loggingLevel: level });
  const reported = answer.problem
    ? null
    : await awaitState(ctx, (_, report) => report.logLevel === level, EFFECT_MS, answer.command.mark);
  judgeAnswer(ctx, answer, reported ? null : `no state report of logLevel ${level} within ${EFFECT_MS / 1000} s`);
}

/** set_target_eol_types: the other target type. */
export async function targetType(ctx: RunContext): Promise<void> {
  if (!offered(ctx, 'set_target_eol_types')) return;
  const target = mergedState(ctx).targetType === 'AT200' ? 'AT700' : 'AT200';
  judgeAnswer(ctx, await ctx.commander.call('set_target_eol_types', { targetType: target }));
}

/** An invalid argument: `ok: false` with a string `error` of at most 1024 characters. */
export async function invalidArgument(ctx: RunContext): Promise<void> {
  const command = await ctx.commander.send('set_logging_level', { loggingLevel: 'LOUD' });
  const reply = await ctx.commander.awaitReply(command);
  if (!reply) {
    ctx.book.fail('invalid-args', 'set_logging_level {loggingLevel: "LOUD"} got no reply');
    return;
  }
  const json = (jsonOf(reply.payload) ?? {}) as { ok?: unknown; error?: unknown };
  if (json.ok !== false) {
    ctx.book.fail('invalid-args', `set_logging_level {loggingLevel: "LOUD"} answered ok: ${String(json.ok)}`);
    return;
  }
  const error = json.error;
  if (typeof error !== 'string') {
    const kind =
      error === null
        ? 'null'
        : Array.isArray(error)
          ? 'a list'
          : typeof error === 'object'
            ? 'an object'
            : typeof error;
    ctx.book.fail('invalid-args', `error is ${kind}: ${JSON.stringify(error).slice(0, 80)}; it must be a string`);
    return;
  }
  ctx.book.judge(
    'invalid-args',
    error.length <= 1024,
    `error: ${JSON.stringify(error.length > 100 ? `${error.slice(0, 100)}…` : error)}` +
      (error.length > 1024 ? ` is ${error.length} characters` : ''),
  );
}

/** The same command id twice (QoS 1 may deliver twice): answered again, with that id. */
export async function duplicate(ctx: RunContext): Promise<void> {
  const first = await ctx.commander.send('get_usb_status');
  if (!(await ctx.commander.awaitReply(first))) {
    ctx.book.fail('duplicate', 'no answer to the first delivery');
    return;
  }
  const again = await ctx.commander.send('get_usb_status', {}, { id: first.id });
  const second = await ctx.commander.awaitReply(again);
  ctx.book.judge('duplicate', second !== null, second ? 'answered again' : 'the second delivery got no answer');
}

/** check_now: `{}`, then a report of its update state. */
export async function checkNow(ctx: RunContext): Promise<void> {
  if (!offered(ctx, 'check_now')) return;
  const answer = await ctx.commander.call('check_now');
  const reported = answer.problem
    ? null
    : await awaitState(ctx, (_, report) => 'updateState' in report, EFFECT_MS, answer.command.mark);
  judgeAnswer(ctx, answer, reported ? null : `no report of updateState within ${EFFECT_MS / 1000} s`);
}
