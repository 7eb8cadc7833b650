import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_BROKER_WARNING, probeAnonymous } from '../../src/areas/fleet/anonymous-probe.js';
import { MOSQUITTO, startMosquitto, type TestBroker } from '../support/mosquitto.js';
import { createTestApp } from '../support/test-app.js';

/** An external broker that lets anyone in is found at start, and said so loudly. */
describe.skipIf(!MOSQUITTO)('an external broker open to anonymous clients', () => {
  let open: TestBroker;
  let closed: TestBroker;
  beforeAll(async () => {
    [open, closed] = await Promise.all([
      startMosquitto(['allow_anonymous true']),
      // No password file entry can match an empty user name: every anonymous client is refused.
      startMosquitto(['allow_anonymous false']),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open?.stop(), closed?.stop()]);
  });

  it('is told apart from one that refuses them, and from one that does not answer', async () => {
    expect(await probeAnonymous(open.url)).toBe('accepted');
    expect(await probeAnonymous(closed.url)).toBe('refused');
    expect(await probeAnonymous('mqtt://127.0.0.1:9', 1_000)).toBe('unreachable');
  });

  it('makes the server log an error at start, without the broker password', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const url = open.url.replace('mqtt://', 'mqtt://gateway:s3cret@');
    const t = await createTestApp({ MQTT_URL: url }, { level: 'error', stream });
    try {
      // As the JSON line holds it (its quotes escaped).
      const logged = JSON.stringify(ANONYMOUS_BROKER_WARNING).slice(1, -1);
      await vi.waitFor(() => expect(lines.join('')).toContain(logged), { timeout: 10_000 });
      expect(lines.join('')).not.toContain('s3cret');
    } finally {
      await t.close();
    }
  });
});
