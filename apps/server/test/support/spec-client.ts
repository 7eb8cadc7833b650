import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StateMessage } from '@ed/contract/device-protocol';
import type { Geolocation } from '@ed/contract/equipment';
import type { Family } from '@ed/contract/families';
import { equipment } from '../../src/db/schema.js';
import { bearer, createTestApp, type TestApp } from './test-app.js';

/**
 * Calls made the way the specification's client makes them (JSON bodies, query strings, the
 * bearer of a signed-in user), for the spec-contract tests: one app per test file.
 */
export interface SpecClient {
  t: TestApp;
  /** The admin's token; each call may pass another. */
  token: string;
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
  del(url: string, token?: string): Promise<LightMyRequestResponse>;
  /** Signs in a new user of `role` and answers their token. */
  userToken(username: string, role: Parameters<TestApp['createUser']>[1]): Promise<string>;
  close(): Promise<void>;
}

export async function specClient(env: Record<string, string> = {}): Promise<SpecClient> {
  const t = await createTestApp({ JOB_INTERVAL_MS: '0', ...env });
  const token = (await t.signIn('admin')).access_token;
  return {
    t,
    token,
    get: (url, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) }),
    post: (url, payload, as = token) =>
      t.app.inject({ method: 'POST', url, headers: bearer(as), ...(payload ? { payload } : {}) }),
    del: (url, as = token) => t.app.inject({ method: 'DELETE', url, headers: bearer(as) }),
    userToken: async (username, role) => {
      await t.createUser(username, role);
      return (await t.signIn(username)).access_token;
    },
    close: () => t.close(),
  };
}

/** The call was taken in the spec's shape: the expected 2xx, with the body in the failure text. */
export function expectAccepted(res: LightMyRequestResponse, status = 200): void {
  expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(status);
}

/** A unit as it reports itself, optionally placed somewhere (as the gateway would place it). */
export async function seedUnit(
  t: TestApp,
  serialNumber: string,
  state: StateMessage & { family?: Family } = {},
  geolocation?: Geolocation,
): Promise<void> {
  const family = state.family ?? 'aligner';
  await t.app.fleet.equipment.applyState(serialNumber, family, { family, ...state });
  if (geolocation) {
    await t.app.db
      .update(equipment)
      .set({ geolocation, countryCode: geolocation.country_code })
      .where(eq(equipment.serialNumber, serialNumber));
  }
}

export const placeIn = (country_code: string, country_name: string, region: string, city: string): Geolocation => ({
  continent_name: 'Europe',
  country_name,
  country_code,
  region,
  city,
  time_zone: { name: 'Europe/Berlin', offset: 60 },
});

/**
 * A package folder whose manifest is exactly what part 2 §3 gives (no `files`): the package is
 * every regular file beside it.
 */
export async function writeSpecPackage(
  root: string,
  dir: string,
  manifest: object,
  files: Record<string, string | Buffer> = { 'update.swu': Buffer.alloc(1024, 7) },
): Promise<string> {
  const folder = path.join(root, dir);
  await mkdir(folder, { recursive: true });
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(folder, name), body);
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
  return folder;
}

const CREATE_ROUTES: Record<Family, string> = {
  aligner: '/create/update/v1',
  gtps: '/create/gtps_update/v1',
  'aligner-oasis': '/create/oasis_update/v1',
};

/** Writes a package with the spec's manifest and publishes it with the spec's create call. */
export async function publishRelease(c: SpecClient, family: Family, semantic: string): Promise<string> {
  const dir = `${family}-${semantic}`;
  const version = { semantic, meta: `build of ${semantic}` };
  await writeSpecPackage(c.t.config.paths.updates, dir, { version, prerequisites: { require: null }, family });
  expectAccepted(await c.post(CREATE_ROUTES[family], { version, prerequisite: null, family, path: dir }));
  return dir;
}
