import { afterEach, describe, expect, it } from 'vitest';
import { commandRoutes } from '@ed/contract/routes/commands';
import { injectRoute } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';
import { embeddedBroker, externalBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { testSerial } from '../support/test-unit.js';

const external = externalBroker;
const embedded = embeddedBroker;
const root = (name: string) => `edtest/${name}${Math.random().toString(36).slice(2, 8)}`;

describe('replies to the instance that asked', () => {
  const fixtures: FleetFixture[] = [];
  afterEach(async () => {
    for (const f of fixtures.splice(0)) await f.close();
  });

  it('names its own reply topic in each command, and a current unit answers there', async () => {
    const f = await fleetFixture(embedded);
    fixtures.push(f);
    const unit = await f.unit(testSerial(), undefined, { stamped: true });
    await unit.connect({ version: { semantic: '5.1.0', meta: null } });
    await f.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, sessionSeq: unit.seq }));
    const { access_token } = await f.t.signIn('admin');
    unit.answer = () => ({ ok: true, result: { status: 'USB: 2 cameras' } });
    const res = await injectRoute(f.t.app, commandRoutes.getUsbStatus, {
      headers: bearer(access_token),
      body: { serialNumber: unit.serialNumber },
    });
    expect(res.statusCode).toBe(200);
    expect(unit.received.at(-1)!.replyTo).toBe(`ed/v1/${unit.serialNumber}/reply/${f.t.app.fleet.instanceId}`);
  });
});

describe('deployments sharing one broker', () => {
  const fixtures: FleetFixture[] = [];
  afterEach(async () => {
    for (const f of fixtures.splice(0)) await f.close();
  });

  it('never see each other’s units', async () => {
    const a = await fleetFixture(external, { MQTT_TOPIC_ROOT: root('a') });
    const b = await fleetFixture(external, { MQTT_TOPIC_ROOT: root('b') });
    fixtures.push(a, b);
    const unit = await a.unit(testSerial(), undefined, { stamped: true });
    expect(unit.topics.root).toBe(a.t.app.fleet.topics.root);
    await unit.connect({ version: { semantic: '5.1.0', meta: null } });
    await a.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, versionSemantic: '5.1.0' }));
    await unit.disconnect();
    await a.row(unit.serialNumber, (row) => expect(row.connected).toBe(false));
    expect(await b.t.app.fleet.equipment.findBySerial(unit.serialNumber)).toBeUndefined();
  });
});
