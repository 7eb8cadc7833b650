import { describe, expect, it } from 'vitest';
import { deviceTopics } from '@ed/contract/device-topics';
import { EmbeddedBroker } from './embedded-broker.js';
import { testDouble } from '../../../shared/type-adapters.js';

interface Emitter {
  on(topic: string, handler: (packet: unknown, done: () => void) => void): void;
  length: number;
}

const silent = { warn() {}, debug() {}, info() {}, error() {} } as never;

describe('the embedded broker', () => {
  it('works off a burst of thousands of messages behind slow ones without overflowing the stack', async () => {
    const broker = await EmbeddedBroker.start({
      id: 'test',
      trust: () => false,
      topics: deviceTopics(),
      logger: silent,
      hooks: {
        verifyUnit: async () => false,
        unitConnected() {},
        unitDisconnected() {},
        closing: async () => undefined,
        unitPublished: async () => undefined,
      },
    });
    const { aedes } = broker;
    // The broker's message emitter (not in aedes's types).
    const mq = testDouble<{ mq: Emitter }>(aedes).mq;
    // Slow deliveries fill the broker's in-flight slots; the burst behind them has no subscriber,
    // so each of its messages completes at once (as the wills of a fleet dropping at once did).
    mq.on('slow/#', (_packet: unknown, done: () => void) => setTimeout(done, 20));
    const publish = (topic: string) =>
      new Promise<void>((resolve) =>
        aedes.publish({ cmd: 'publish', topic, payload: Buffer.from('{}'), qos: 0, retain: false, dup: false }, () =>
          resolve(),
        ),
      );
    const slow = Array.from({ length: 200 }, (_, i) => publish(`slow/${i}`));
    const burst = Array.from({ length: 30_000 }, (_, i) => publish(`ed/v1/U${i}/status`));
    await Promise.all([...slow, ...burst]);
    expect(mq.length).toBe(0);
    await broker.close();
  });
});
