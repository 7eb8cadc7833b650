import { randomInt } from 'node:crypto';
import { deviceTopics } from '@ed/contract/device-topics';
import type { Family } from '@ed/contract/families';
import { MODEL_CODES_BY_FAMILY, decodeSerialNumber, encodeSerialNumber } from '@ed/contract/serial-number';
import { CheckBook, allRequiredMet, type CheckResult } from './checks.js';
import { Commander } from './commander.js';
import { startEnvironment, randomKey } from './environment.js';
import { evaluateLog } from './evaluate.js';
import type { KitOptions } from './options.js';
import { Observations, type Seen } from './observations.js';
import type { RunContext } from './run-context.js';
import { runSteps } from './scenario.js';
import { ConnectGate } from './steps-identity.js';
import { startUnit, type UnitProcess } from './unit-process.js';

export interface KitReport {
  serial: string;
  family: string | null;
  startedAt: string;
  durationMs: number;
  unitCommand: string | null;
  /** Why the run stopped before its end, if it did. */
  stoppedEarly: string | null;
  passed: boolean;
  results: CheckResult[];
  /** The end of what the unit wrote, when the kit started it. */
  unitOutput: string;
  /** Everything the kit saw, in order (payloads cut at 500 characters, passwords left out). */
  timeline: Record<string, unknown>[];
}

/** The log as the JSON report keeps it: times from the start, long payloads cut, no secrets. */
function timelineOf(log: readonly Seen[], started: number): Record<string, unknown>[] {
  return log.map((seen) => {
    const entry: Record<string, unknown> = { ...seen, at: seen.at - started };
    if ('payload' in entry && typeof entry.payload === 'string') entry.payload = entry.payload.slice(0, 500);
    if (seen.kind === 'connect') entry.password = seen.password === null ? null : '(hidden)';
    if (seen.kind === 'http') {
      entry.basic = seen.basic ? { username: seen.basic.username } : null;
      const body = seen.responseBody as { deviceToken?: unknown } | null;
      if (body && typeof body === 'object' && 'deviceToken' in body)
        entry.responseBody = { ...body, deviceToken: '(hidden)' };
    }
    return entry;
  });
}

/** A new serial number of `family`, built this month: what a factory would print on a new unit. */
function newSerial(family: Family, now = new Date()): string {
  const model = MODEL_CODES_BY_FAMILY[family][0];
  if (!model) throw new Error(`no model code for ${family}`);
  const sequence = String(randomInt(1, 10_000)).padStart(4, '0');
  return encodeSerialNumber({
    modelCode: model.code,
    buildMonth: now.getUTCMonth() + 1,
    buildYear: now.getUTCFullYear(),
    sequence,
  });
}

/**
 * One run of the kit: the environment, the unit (started here, or by hand with --wait), the
 * steps, then the checks over everything seen. Never throws for what the unit does; it throws
 * only when the environment cannot start (no built server, say).
 */
export async function runConformance(options: KitOptions, say: (line: string) => void): Promise<KitReport> {
  const started = Date.now();
  const serial = options.serial ?? newSerial(options.family);
  const enrollmentKey = options.enrollmentKey ?? randomKey(32);
  const family = decodeSerialNumber(serial)?.family ?? null;
  const topics = deviceTopics(options.topicRoot);
  const observations = new Observations();
  const book = new CheckBook();
  const gate = new ConnectGate(serial);
  say('Starting the kit’s broker and the server…');
  const env = await startEnvironment({
    serial,
    enrollmentKey,
    topicRoot: options.topicRoot,
    observations,
    policy: (front) => gate.policy(front),
  });
  const placeholders = { url: env.front.url, serial, enrollmentKey };
  let unit: UnitProcess | null = null;
  if (options.unit) {
    unit = startUnit(options.unit, placeholders);
    say(`Started the unit: ${unit.command}`);
  } else {
    say(
      `Start the unit now with\n  URL             ${env.front.url}\n  serial number   ${serial}\n  enrollment key  ${enrollmentKey}`,
    );
    say('The kit waits up to 10 minutes for its registration.');
  }
  const ctx: RunContext = {
    serial,
    enrollmentKey,
    family,
    topics,
    observations,
    env,
    book,
    commander: new Commander(observations, env.broker, topics, serial),
    unit,
    timeoutMs: options.timeoutSeconds * 1000,
    stoppingUnit: false,
    say,
  };
  let stoppedEarly: string | null = null;
  try {
    // A unit that exits before the kit stops it ends the run: every wait after that would only time out.
    const gone = unit?.exited.then(({ code, signal }) =>
      ctx.stoppingUnit ? new Promise<never>(() => undefined) : `the unit exited (${signal ?? `code ${String(code)}`})`,
    );
    const steps = runSteps(ctx, gate);
    // Left behind when the unit is gone: what it still tries fails against a closed broker.
    steps.catch(() => undefined);
    stoppedEarly = await Promise.race([steps, ...(gone ? [gone] : [])]);
  } catch (error) {
    stoppedEarly = `the kit failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  } finally {
    await env.front.settled(2_000);
    evaluateLog(book, observations.all, { serial, topics, family, timeoutMs: ctx.timeoutMs, now: Date.now() });
    unit?.kill();
    await env.stop();
  }
  const results = book.results(stoppedEarly ? `not reached: ${stoppedEarly}` : 'not reached');
  return {
    serial,
    family,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    unitCommand: unit?.command ?? null,
    stoppedEarly,
    passed: allRequiredMet(results) && stoppedEarly === null,
    results,
    unitOutput: unit?.output() ?? '',
    timeline: timelineOf(observations.all, started),
  };
}
