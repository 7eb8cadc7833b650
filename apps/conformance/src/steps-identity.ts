import { isCall, issuedToken } from './connect-checks.js';
import type { HttpFront } from './http-front.js';
import type { ConnectPolicy } from './kit-broker.js';
import type { ConnectSeen, HttpSeen } from './observations.js';
import { awaitAnnouncement, awaitConnection, type RunContext } from './run-context.js';

const REGISTER = '/device/v1/register';

/**
 * Who the kit's broker lets in. The unit's first CONNECT is refused as "not authorised" and its
 * token taken for revoked, as a broker whose server forgot or replaced it would: every later
 * CONNECT with it is refused too, until the unit has registered again and uses the token it got.
 */
export class ConnectGate {
  revoked: string | null = null;
  refusedWithRevoked = 0;

  constructor(private readonly serial: string) {}

  policy(front: HttpFront): ConnectPolicy {
    return (connect) => {
      if (this.revoked === null) {
        this.revoked = connect.password ?? '';
        return 'not authorised (the kit revoked this token, to see the unit register again)';
      }
      if (connect.password === this.revoked) {
        this.refusedWithRevoked += 1;
        return 'not authorised: revoked token';
      }
      if (connect.clientId !== this.serial || connect.username !== this.serial)
        return 'not authorised: not its serial number';
      if (connect.password !== front.currentToken()) return 'not authorised: not its current token';
      return null;
    };
  }
}

/** The unit's first registration: its serial number as given, the fleet's key, and a token kept. */
export async function awaitRegistration(ctx: RunContext, timeoutMs: number): Promise<boolean> {
  const call = await ctx.observations.waitFor((s) => (isCall(s, REGISTER) ? s : null), timeoutMs);
  if (!call) {
    ctx.book.fail('register', `no POST ${REGISTER} in ${Math.round(timeoutMs / 1000)} s`);
    return false;
  }
  const body = (call.requestBody ?? {}) as { serialNumber?: unknown; enrollmentKey?: unknown };
  const problems = [
    body.serialNumber !== ctx.serial && `serialNumber ${JSON.stringify(body.serialNumber)}, not ${ctx.serial}`,
    body.enrollmentKey !== ctx.enrollmentKey && 'enrollmentKey is not the fleet’s key',
    call.status !== 200 && `answered ${call.status}: ${JSON.stringify(call.responseBody).slice(0, 200)}`,
  ].filter((p): p is string => typeof p === 'string');
  ctx.book.judge('register', problems.length === 0, problems.join('; ') || 'answered 200 with its token');
  return call.status === 200 && issuedToken(call) !== null;
}

/**
 * The first CONNECT is refused; the unit must register again with `deviceToken` = the token it
 * holds (a rotation: the server answers a new one at once) and connect with the new token.
 * Resolves with the first CONNECT let in, or null.
 */
export async function awaitRotation(ctx: RunContext, gate: ConnectGate): Promise<ConnectSeen | null> {
  const { observations, book, timeoutMs } = ctx;
  const first = await observations.waitFor((s) => (s.kind === 'connect' ? s : null), timeoutMs);
  if (!first) {
    book.fail(
      'rotation',
      `no CONNECT to ${ctx.env.broker.url} (mqtt.url of the registration answer) in ${timeoutMs / 1000} s`,
    );
    return null;
  }
  const since = observations.all.indexOf(first);
  const again = await observations.waitFor((s) => (isCall(s, REGISTER) ? s : null), timeoutMs, since);
  if (!again) {
    book.fail(
      'rotation',
      `no registration in ${timeoutMs / 1000} s after the broker refused its token (${gate.refusedWithRevoked} CONNECTs refused)`,
    );
    return null;
  }
  const problem = rotationProblem(again, gate.revoked);
  if (problem) {
    book.fail('rotation', problem);
    return null;
  }
  const connect = await awaitConnection(ctx, observations.all.indexOf(again));
  if (!connect) {
    book.fail('rotation', `registered again but did not connect with its new token in ${timeoutMs / 1000} s`);
    return null;
  }
  const refused = gate.refusedWithRevoked + 1;
  book.pass(
    'rotation',
    `registered again after ${refused} refused CONNECT${refused === 1 ? '' : 's'}, then connected with its new token`,
  );
  return connect;
}

export function rotationProblem(call: HttpSeen, revoked: string | null): string | null {
  const token = (call.requestBody as { deviceToken?: unknown } | null)?.deviceToken;
  if (token === undefined) {
    return `registered again without deviceToken (answered ${call.status}${call.status === 202 ? ': a claim an administrator must approve' : ''})`;
  }
  if (token !== revoked) return 'registered again with a deviceToken that is not the one the broker refused';
  if (call.status !== 200) return `registration with its token answered ${call.status}`;
  return null;
}

/** The birth and the full state on the first connection; without them nothing else can be checked. */
export async function awaitFirstAnnouncement(ctx: RunContext, connect: ConnectSeen): Promise<boolean> {
  const { birth, state } = await awaitAnnouncement(ctx, connect, ctx.observations.all.indexOf(connect));
  if (!birth) ctx.book.fail('birth', `no birth on ${ctx.topics.status(ctx.serial)} in ${ctx.timeoutMs / 1000} s`);
  else if (!state) ctx.book.fail('full-state', `no full state report after the birth in ${ctx.timeoutMs / 1000} s`);
  return birth !== null && state !== null;
}
