import { afterEach, describe, expect, it, vi } from 'vitest';
import { easyRoutes } from '@ed/contract/routes/easy';
import { vendorRoutes } from '@ed/contract/routes/vendor';
import { FakeClock } from './fake-clock.js';
import { startFieldDemo } from './field-demo.js';
import type { SimulatedUnit } from './simulated-unit.js';

const unit = (serialNumber: string, family: string, busy: string | null = null) =>
  ({
    serialNumber,
    online: true,
    deviceToken: `token-${serialNumber}`,
    state: { family },
    pairings: { activePairing: busy },
  }) as unknown as SimulatedUnit;

function fakeFetch() {
  const calls: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: URL, init: RequestInit) => {
    calls.push({
      url: url.pathname,
      headers: init.headers as Record<string, string>,
      body: JSON.parse(init.body as string),
    });
    return new Response(JSON.stringify({ id: 'p1' }), { status: 201 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the field around the simulated fleet', () => {
  it("pairs only idle Tru-Points with the vendor's key, and activates fixtures with a unit's credential", async () => {
    const calls = fakeFetch();
    const clock = new FakeClock();
    const demo = startFieldDemo({
      serverUrl: 'http://127.0.0.1:9',
      units: [unit('TP1CT0001', 'gtps', 'busy'), unit('TP1CT0002', 'gtps'), unit('V33CT0001', 'aligner')],
      vendorApiKey: 'tpv_demo',
      ezFixtures: ['EZ-DEMO-001'],
      ezTargetIds: [101],
      pairingEveryMs: 10_000,
      activationEveryMs: 10_000,
      clock,
    });
    clock.advance(3_000);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    demo.stop();
    const pairing = calls.find((c) => c.url === vendorRoutes.startPairing.path)!;
    expect(pairing.headers['x-vendor-api-key']).toBe('tpv_demo');
    expect(pairing.body).toMatchObject({ serialNumber: 'TP1CT0002', alignmentId: 'AL-1001' });
    const activation = calls.find((c) => c.url === easyRoutes.activate.path)!;
    expect(activation.body).toEqual({ fixtureSerialNumber: 'EZ-DEMO-001', targetId: 101 });
    const basic = Buffer.from(activation.headers.authorization!.replace('Basic ', ''), 'base64').toString();
    expect(basic).toBe('V33CT0001:token-V33CT0001');
  });
});
