import { randomBytes } from 'node:crypto';
import net from 'node:net';
import mqtt from 'mqtt';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from './support/console-client.js';
import { FleetProcess } from './support/fleet.js';
import { ENROLLMENT_KEY, Instance, type Deployment } from './support/instance.js';
import { freshDatabase, missingServices, MQTT_URL, query } from './support/services.js';

/**
 * Scale-out as docs/scale-out.md describes it: two built instances on one PostgreSQL and one
 * broker, a simulated fleet in its own process, and one instance killed without warning.
 */
const missing = await missingServices();
if (missing) console.warn(`The scale-out tier is skipped: ${missing}.`);

const UNITS = 40;
const HOLD_SECONDS = 45;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const namespace = () => {
  const id = randomBytes(4).toString('hex');
  return { topicRoot: `edscale/${id}`, sharedGroup: `edscale-${id}` };
};

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(last)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await read();
  }
  return last;
}

describe.skipIf(Boolean(missing))('two instances on one PostgreSQL and one broker', () => {
  it('both start at once on an empty database, three times out of three', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const db = await freshDatabase();
      const deployment: Deployment = { databaseUrl: db.url, mqttUrl: MQTT_URL, ...namespace() };
      const pair = [new Instance('a', await freePort(), deployment), new Instance('b', await freePort(), deployment)];
      try {
        await Promise.all(pair.map((instance) => instance.start()));
        const admins = await query<{ n: number }>(
          db.url,
          `select count(*)::int as n from users where username = 'admin'`,
        );
        expect(admins, `round ${round}`).toEqual([{ n: 1 }]);
        for (const instance of pair) await ConsoleClient.signIn(instance.url);
      } finally {
        for (const instance of pair) await instance.dispose();
        await db.drop();
      }
    }
  });

  describe('a fleet behind both, and one instance killed', () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let a: Instance;
    let b: Instance;
    let fleet: FleetProcess;
    let viaA: ConsoleClient;
    let viaB: ConsoleClient;
    let deployment: Deployment;
    const sockets: Socket[] = [];

    const connectCounts = async () =>
      (await query<{ n: number }>(db.url, 'select coalesce(sum(connect_count), 0)::int as n from equipment_live'))[0]!
        .n;
    const connectedSerials = async () =>
      (
        await query<{ serial_number: string }>(
          db.url,
          'select e.serial_number from equipment e join equipment_live l on l.equipment_id = e.id where l.connected',
        )
      )
        .map((r) => r.serial_number)
        .sort();
    const counters = (client: ConsoleClient) =>
      client.json<{ connectedAligners: number; totalAligners: number }>('GET', '/read/connection_counters/v1');
    const usbStatus = (client: ConsoleClient, serialNumber: string) =>
      client.request('POST', '/cmd/aligner_get_usb_status/v1', { serialNumber });

    beforeAll(async () => {
      db = await freshDatabase();
      deployment = { databaseUrl: db.url, mqttUrl: MQTT_URL, ...namespace() };
      a = new Instance('a', await freePort(), deployment);
      b = new Instance('b', await freePort(), deployment);
      await Promise.all([a.start(), b.start()]);
      fleet = new FleetProcess({
        units: UNITS,
        serverUrl: a.url,
        mqttUrl: MQTT_URL,
        enrollmentKey: ENROLLMENT_KEY,
        heartbeatSeconds: 10,
      });
      await fleet.started;
      expect(await fleet.ready()).toBe(UNITS);
      viaA = await ConsoleClient.signIn(a.url);
      viaB = viaA.through(b.url);
      await eventually(
        () => counters(viaB),
        (c) => c.connectedAligners === UNITS,
      );
    });

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      const serials = (await query<{ serial_number: string }>(db.url, 'select serial_number from equipment')).map(
        (r) => r.serial_number,
      );
      await fleet?.stop();
      await a?.dispose();
      await b?.dispose();
      // The broker keeps retained statuses: this run's namespace leaves none behind.
      const cleaner = await mqtt.connectAsync(MQTT_URL);
      for (const serial of serials) {
        await cleaner.publishAsync(`${deployment.topicRoot}/${serial}/status`, '', { qos: 1, retain: true });
      }
      await cleaner.endAsync();
      await db?.drop();
    });

    it('serves through B a ticket, an attachment and a screen shot made through A, byte for byte', async () => {
      const [serialNumber] = await fleet.online();
      const socket = io(b.url, { path: '/dashboard', transports: ['websocket'], auth: { token: viaA.bearer } });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const created = new Promise<{ id: number }>((resolve) => socket.once('REPORT_SUPPORT_TICKET_CREATED', resolve));

      const ticket = await viaA.json<{ id: number }>('POST', '/create/ticket/v1', {
        issuerUsername: 'admin',
        serialNumber,
        originatorName: 'Pat Caller',
        originatorEmail: 'pat@shop.example',
        techOnSite: true,
        disposition: 'Owned Aligner',
        description: 'Cameras lose the targets',
        version: { semantic: '5.2.0', meta: null },
      });
      // An event caused on A reaches a dashboard connected to B.
      expect(await created).toMatchObject({ id: ticket.id, serialNumber });

      const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1565c0' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('description', 'the wheel');
      form.append('file', new Blob([photo], { type: 'image/png' }), 'photo.png');
      const attachment = await viaA.json<{ url: string }>(
        'POST',
        `/upload_ticket_attachment?ticketId=${ticket.id}&authorUsername=admin`,
        form,
      );
      expect((await viaB.bytes(attachment.url)).equals(photo)).toBe(true);
      const read = await viaB.json<{ attachments: { url: string }[] }>('GET', `/read/ticket/v1?id=${ticket.id}`);
      expect(read.attachments).toHaveLength(1);

      expect((await viaA.request('POST', '/cmd/aligner_get_screen_shot/v1', { serialNumber })).status).toBe(200);
      const shots = await viaB.json<{ id: number; image: string }[]>(
        'GET',
        `/api/v1/get_screen_shots_for_aligner?serialNumber=${serialNumber}`,
      );
      expect(shots).toHaveLength(1);
      const image = await viaB.bytes(shots[0]!.image);
      expect((await sharp(image).metadata()).format).toBe('png');
      expect(image.equals(await viaA.bytes(shots[0]!.image))).toBe(true);
    });

    it('knows every unit’s address and country on the external broker, from its check-in', async () => {
      const located = await query<{ n: number; addressed: number }>(
        db.url,
        `select count(e.country_code)::int as n, count(l.address)::int as addressed
         from equipment e join equipment_live l on l.equipment_id = e.id where l.connected`,
      );
      expect(located).toEqual([{ n: UNITS, addressed: UNITS }]);
    });

    it('answers commands split across both instances', async () => {
      const serials = await fleet.online();
      expect(serials).toHaveLength(UNITS);
      const answers = await Promise.all(serials.map((serial, i) => usbStatus(i % 2 === 0 ? viaA : viaB, serial)));
      expect(answers.map((r) => r.status)).toEqual(serials.map(() => 200));
    });

    it(`after A is killed, B shows exactly the units the fleet holds connected for ${HOLD_SECONDS} s, and commands go through`, async () => {
      const before = await connectCounts();
      await a.kill();
      const until = Date.now() + HOLD_SECONDS * 1000;
      let rounds = 0;
      while (Date.now() < until) {
        const held = await fleet.online();
        expect(held).toHaveLength(UNITS);
        expect(await connectedSerials()).toEqual(held);
        expect((await counters(viaB)).connectedAligners).toBe(held.length);
        const serial = held[rounds % held.length]!;
        expect((await usbStatus(viaB, serial)).status, `command to ${serial}`).toBe(200);
        rounds += 1;
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      }
      expect(rounds).toBeGreaterThanOrEqual(10);

      // A comes back: it counts no connection the units did not make.
      await a.start();
      await ConsoleClient.signIn(a.url);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await connectCounts()).toBe(before);
      expect((await counters(viaA)).connectedAligners).toBe(UNITS);
    });

    it('ends offline on both instances after ten quick online→offline pairs', async () => {
      const [serial] = await fleet.online();
      expect(await fleet.flap(serial!, 10)).toBe(false);
      for (const client of [viaA, viaB]) {
        await eventually(
          () => client.json<{ connected: boolean }>('GET', `/read/aligner/v1?serialNumber=${serial}`),
          (unit) => !unit.connected,
        );
      }
      // And stays so: no late birth of an earlier connection brings it back.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (const client of [viaA, viaB]) {
        const unit = await client.json<{ connected: boolean }>('GET', `/read/aligner/v1?serialNumber=${serial}`);
        expect(unit.connected).toBe(false);
      }
      expect((await counters(viaB)).connectedAligners).toBe(UNITS - 1);
    });
  });
});
