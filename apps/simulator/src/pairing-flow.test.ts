import { randomUUID } from 'node:crypto';
import { pairingMessageSchema, topics, type PairingMessage } from '@ed/contract/device-protocol';
import { describe, expect, it } from 'vitest';
import { CommandError } from './command-error.js';
import { FakeClock } from './fake-clock.js';
import { PAIRING_CALIBRATIONS, PairingFlow } from './pairing-flow.js';
import { testPrng } from './test-support.js';

function setup(family = 'gtps') {
  const clock = new FakeClock();
  const sent: { topic: string; message: PairingMessage }[] = [];
  const host = {
    serialNumber: 'TP1CT0001',
    topics,
    state: { family },
    publish: (topic: string, message: unknown) => sent.push({ topic, message: pairingMessageSchema.parse(message) }),
  };
  return { clock, sent, flow: new PairingFlow(host, clock, testPrng(7)) };
}

const args = (pairingId = randomUUID()) => ({ pairingId, vendor: 'Shop', vendorKey: 'bay-1', alignmentId: 'A-1' });

describe('a Tru-Point in a vendor pairing', () => {
  it('reports each calibration, then the pairing completed', () => {
    const { clock, sent, flow } = setup();
    const start = args();
    flow.start(start);
    expect(() => flow.start(args())).toThrow(CommandError);
    clock.advance(30_000);
    expect(sent.every((s) => s.topic === topics.pairing('TP1CT0001'))).toBe(true);
    expect(sent.map((s) => (s.message.event === 'calibration' ? s.message.calibration.name : s.message.event))).toEqual(
      [...PAIRING_CALIBRATIONS, 'completed'],
    );
    expect(sent.every((s) => s.message.pairingId === start.pairingId)).toBe(true);
    expect(flow.activePairing).toBeNull();
  });

  it('stops when the pairing is aborted, and refuses on a unit that is not a Tru-Point', () => {
    const { clock, sent, flow } = setup();
    const start = args();
    flow.start(start);
    flow.abort({ pairingId: start.pairingId, reason: 'Customer left' });
    clock.advance(30_000);
    expect(sent).toEqual([]);
    expect(() => setup('aligner').flow.start(args())).toThrow('only a Tru-Point takes vendor pairings');
  });
});
