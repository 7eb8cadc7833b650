import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { Equipment } from '@ed/contract/equipment';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { radarRoutes } from '@ed/contract/routes/radar';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';

describe('My Radar', () => {
  let f: FleetFixture;
  const sockets: Socket[] = [];
  beforeEach(async () => {
    f = await fleetFixture(embeddedBroker, { FAVORITES_LIMIT: '2' });
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await f.close();
  });

  const favorite = (token: string, username: string, serialNumber: string) =>
    injectRoute(f.t.app, radarRoutes.addFavorite, { headers: bearer(token), body: { username, serialNumber } });
  const unfavorite = (token: string, username: string, serialNumber: string) =>
    injectRoute(f.t.app, radarRoutes.removeFavorite, { headers: bearer(token), body: { username, serialNumber } });
  const favorites = (token: string, username: string) =>
    injectRoute(f.t.app, radarRoutes.getFavorites, { headers: bearer(token), query: { username } });

  async function console_(token: string): Promise<Socket> {
    const port = (f.t.app.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: '/dashboard',
      transports: ['polling'],
      auth: { token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return socket;
  }

  it('keeps favorites per user with a limit, and pushes card updates only to watchers', async () => {
    const units = [await f.unit(), await f.unit(), await f.unit()];
    for (const u of units) await u.connect({ version: { semantic: '5.0.0', meta: null }, alignmentCount: 1 });
    await f.row(units[2]!.serialNumber, (row) => expect(row.connected).toBe(true));
    await f.t.createUser('sue', 'support');
    const admin = (await f.t.signIn('admin')).access_token;
    const sue = (await f.t.signIn('sue')).access_token;

    const adminConsole = await console_(admin);
    const sueConsole = await console_(sue);
    const added = new Promise<Equipment>((resolve) => adminConsole.on('RADAR_ADD_FAVORITE', resolve));
    expect((await favorite(admin, 'admin', units[0]!.serialNumber)).json().favorite).toBe(true);
    expect((await added).serialNumber).toBe(units[0]!.serialNumber);
    expect((await favorite(admin, 'admin', units[1]!.serialNumber)).statusCode).toBe(200);
    const full = await favorite(admin, 'admin', units[2]!.serialNumber);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: 'Favorite limit exceeded.' });
    expect((await favorite(admin, 'sue', units[2]!.serialNumber)).statusCode).toBe(403);

    const list = await favorites(admin, 'admin');
    expect(list.json().map((e) => e.serialNumber)).toEqual([units[0]!.serialNumber, units[1]!.serialNumber]);
    expect((await favorites(sue, 'sue')).json()).toEqual([]);

    let sueSaw = 0;
    sueConsole.on('RADAR_UPDATE_FAVORITE', () => sueSaw++);
    const update = new Promise<Equipment>((resolve) =>
      adminConsole.on('RADAR_UPDATE_FAVORITE', (e) => e.currentProcedure === 'Alignment' && resolve(e)),
    );
    await units[0]!.report({ currentProcedure: 'Alignment' });
    expect((await update).serialNumber).toBe(units[0]!.serialNumber);
    expect(sueSaw).toBe(0);

    const removed = new Promise<{ serialNumber: string }>((resolve) =>
      adminConsole.on('RADAR_REMOVE_FAVORITE', resolve),
    );
    await unfavorite(admin, 'admin', units[0]!.serialNumber);
    expect((await removed).serialNumber).toBe(units[0]!.serialNumber);
    expect((await favorite(admin, 'admin', units[2]!.serialNumber)).statusCode).toBe(200);
  });

  it('deletes a unit with its data for an engineer, and refuses support with 403', async () => {
    const unit = await f.unit();
    await unit.connect({ version: { semantic: '5.0.0', meta: null } });
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    const admin = (await f.t.signIn('admin')).access_token;
    await favorite(admin, 'admin', unit.serialNumber);
    await f.t.createUser('sue', 'support');
    await f.t.createUser('eng', 'engineer');
    const del = (token: string) =>
      injectRoute(f.t.app, alignersRoutes.deleteEquipment, {
        headers: bearer(token),
        body: { serialNumber: unit.serialNumber },
      });
    const denied = await del((await f.t.signIn('sue')).access_token);
    expect(denied.statusCode).toBe(403);
    const ok = await del((await f.t.signIn('eng')).access_token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await favorites(admin, 'admin')).json()).toEqual([]);
    expect((await del(admin)).statusCode).toBe(404);
  });
});
