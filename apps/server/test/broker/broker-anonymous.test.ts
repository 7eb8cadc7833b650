import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceTopics } from '@ed/contract/device-topics';
import { probeAnonymous } from '../../src/areas/fleet/broker/anonymous-probe.js';
import { checkAnonymousAccess, OPEN_ON_PURPOSE, UNCHECKED } from '../../src/areas/fleet/broker/open-broker-check.js';
import { testDouble } from '../../src/shared/type-adapters.js';
import { freePort } from '../support/free-port.js';
import { startClosedMosquitto, startMosquitto, type TestBroker } from '../support/mosquitto.js';
import { createTestApp } from '../support/test-app.js';

/** This machine's Mosquitto (allow_anonymous true), which the fleet and scale tests run on. */
const MACHINE_BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const GATEWAY = { MQTT_USERNAME: 'ed-gateway', MQTT_PASSWORD: randomBytes(18).toString('base64url') };

/** The machine's Mosquitto when it answers and is open, else an open one of the test's own. */
async function openBroker(): Promise<{ url: string; stop(): Promise<void> }> {
  const machine = await probeAnonymous(MACHINE_BROKER, deviceTopics(), 2_000);
  if (machine.verdict === 'open') return { url: MACHINE_BROKER, stop: async () => undefined };
  return startMosquitto(['allow_anonymous true']);
}

/** The server's JSON log lines, from `level` up. */
function logLines() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, text: () => JSON.stringify(lines), logger: (level: string) => ({ level, stream }) };
}

/**
 * A server on an external broker that lets anyone in does not start, unless MQTT_ALLOW_OPEN_BROKER
 * says that is on purpose; one that refuses anonymous clients is started on.
 */
describe('an external broker open to anonymous clients', () => {
  let open: { url: string; stop(): Promise<void> };
  let closed: TestBroker;
  // With the gateway's credentials in it: they must never reach the log or the refusal.
  const withPassword = (url: string) => url.replace('mqtt://', `mqtt://gateway:s3cret@`);
  beforeAll(async () => {
    [open, closed] = await Promise.all([
      openBroker(),
      startClosedMosquitto({ [GATEWAY.MQTT_USERNAME]: GATEWAY.MQTT_PASSWORD }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open?.stop(), closed?.stop()]);
  });

  it('is told apart from one that refuses them, and from one that does not answer', async () => {
    expect(await probeAnonymous(open.url)).toEqual({ verdict: 'open', allowed: ['connect', 'subscribe', 'publish'] });
    expect(await probeAnonymous(closed.url)).toEqual({ verdict: 'refused' });
    expect(await probeAnonymous(`mqtt://127.0.0.1:${await freePort()}`, deviceTopics(), 1_000)).toEqual({
      verdict: 'unreachable',
    });
  });

  it('stops the start, naming the problem and the fix, without the broker password', async () => {
    const log = logLines();
    const start = createTestApp({ MQTT_URL: withPassword(open.url) }, log.logger('warn'));
    const refusal = await start.then(
      async (t) => {
        await t.close();
        throw new Error('the server started on an open broker');
      },
      (err: unknown) => err as Error,
    );
    // main.ts prints a ConfigError's message alone and exits with 1.
    expect(refusal.name).toBe('ConfigError');
    expect(refusal.message).toContain(
      `Refusing to start: the MQTT broker of MQTT_URL (${open.url}) lets a client without credentials connect, ` +
        "subscribe to a unit's cmd topic and publish to a unit's state topic.",
    );
    expect(refusal.message).toContain('allow_anonymous false');
    expect(refusal.message).toContain('MQTT_BROKER_ACCOUNTS=mosquitto-dynsec');
    expect(refusal.message).toContain('MQTT_ALLOW_OPEN_BROKER=true');
    expect(refusal.message + log.text()).not.toContain('s3cret');
  });

  it('with MQTT_ALLOW_OPEN_BROKER=true starts on it, and says so before it is ready', async () => {
    const log = logLines();
    const t = await createTestApp(
      { MQTT_URL: withPassword(open.url), MQTT_ALLOW_OPEN_BROKER: 'true' },
      log.logger('warn'),
    );
    try {
      // Already written when the start resolves: the check is part of the start, not after it.
      expect(log.lines).toContainEqual(expect.objectContaining({ level: 40, msg: OPEN_ON_PURPOSE }));
      expect(log.text()).not.toContain('s3cret');
      // /healthz is not in the route table.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('starts on a broker that refuses anonymous clients, with nothing to say about it', async () => {
    const log = logLines();
    const t = await createTestApp({ MQTT_URL: closed.url, ...GATEWAY }, log.logger('warn'));
    try {
      expect(log.text()).not.toMatch(/without credentials/);
      // The gateway's account is let in: the link is subscribed.
      expect(t.app.fleet.link.client.connected).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('does not refuse a broker that does not answer: says the check waits for it', async () => {
    const log = testDouble<FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> }>({
      warn: vi.fn(),
      error: vi.fn(),
      info: vi.fn(),
    });
    const url = `mqtt://127.0.0.1:${await freePort()}`;
    const check = await checkAnonymousAccess(url, deviceTopics(), false, log);
    check.stop();
    expect(log.warn).toHaveBeenCalledWith({ broker: url }, UNCHECKED);
    expect(log.error).not.toHaveBeenCalled();
  });
});
