import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import type { ReleaseMetadata } from '@ed/contract/release-metadata';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { softwareRoutes } from '@ed/contract/routes/software';
import { specsRoutes } from '@ed/contract/routes/specs';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import type { SimulatedUnit } from '@ed/simulator/simulated-unit';
import { packageFiles, softwareUpdates } from '../../src/db/schema.js';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectRoute, type RouteBody } from '../support/inject-route.js';
import { writePackage } from '../support/packages.js';
import { inDays, signPackage, signRelease, testKeys, type TestKeys } from '../support/release-keys.js';
import { bearer } from '../support/test-app.js';

const IMAGE_BYTES = 64 * 1024;
const image = (semantic: string) => `aligner-${semantic}.swu`;
const checksumOf = (name: string, bytes: Buffer) => `${createHash('sha256').update(bytes).digest('hex')}  ${name}\n`;

/**
 * What someone with the server's access (its database, its file store, its command bus) can do
 * to a signed release, done directly, as they would; each time a real simulated unit that pinned
 * the release root refuses it over MQTT and HTTP, says why, and keeps its version
 * (docs/signed-updates.md, "Against TUF's list of attacks").
 */
describe('signed updates: attacks from the server side, refused by the units', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let token: string;
  let keys: TestKeys;
  let keysDir: string;
  const spare: SimulatedUnit[] = [];

  beforeAll(async () => {
    keys = testKeys();
    keysDir = await mkdtemp(path.join(tmpdir(), 'ed-release-root-'));
    const rootFile = path.join(keysDir, 'root.json');
    await writeFile(rootFile, JSON.stringify(keys.root));
    f = await fleetFixture(embeddedBroker, {
      COMMAND_TIMEOUT_MS: '5000',
      SCHEDULER_TICK_SECONDS: '0',
      RELEASE_ROOT_FILE: rootFile,
      ALLOW_UNSIGNED_UPDATES: 'false',
    });
    fleet = startFleet({
      units: 24,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      pendingShare: 0,
      seed: 34,
      trustRoot: keys.root,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    token = (await f.t.signIn('admin')).access_token;
    spare.push(
      ...fleet.units.filter(
        (u) => u.state.family === 'aligner' && u.state.version.semantic >= '4.3.0' && u.state.version.semantic < '9',
      ),
    );
    expect(spare.length).toBeGreaterThanOrEqual(8);
  });
  afterAll(async () => {
    await fleet?.stop();
    await f?.close();
    if (keysDir) await rm(keysDir, { recursive: true, force: true });
  });

  const post = <R extends ApiRoute>(route: R, body: RouteBody<R>) => injectBody(f.t.app, route, body, bearer(token));
  const nextUnit = () => spare.shift()!;

  /** A package made and signed by release engineering, published through the console. */
  async function publish(semantic: string): Promise<{ id: number; release: ReleaseMetadata }> {
    const dir = `aligner-${semantic}`;
    const folder = await writePackage(f.t.config.paths.updates, dir, { semantic, bytes: IMAGE_BYTES });
    const release = await signPackage(folder, keys.release);
    const created = await post(softwareRoutes.createUpdate, { version: { semantic }, family: 'aligner', path: dir });
    expect(created.statusCode, created.body).toBe(200);
    return { id: created.json().id, release };
  }

  /** Replaces a stored file of a release with other bytes, in the file store and its registry. */
  async function replaceFile(updateId: number, name: string, bytes: Buffer, kind = 'software'): Promise<void> {
    const key = `packages/attacker-${kind}-${updateId}-${Date.now()}/${name}`;
    const owner = kind === 'software' ? packageFiles.softwareUpdateId : packageFiles.specUpdateId;
    await f.t.app.files.transaction([{ key, source: bytes, contentType: 'application/octet-stream' }], (tx) =>
      tx
        .update(packageFiles)
        .set({ fileKey: key })
        .where(and(eq(owner, updateId), eq(packageFiles.name, name))),
    );
  }

  /** The image and its checksum file both replaced, as an attacker with the file store does. */
  async function replaceImage(updateId: number, semantic: string, bytes: Buffer): Promise<void> {
    await replaceFile(updateId, image(semantic), bytes);
    await replaceFile(updateId, `${image(semantic)}.sha256`, Buffer.from(checksumOf(image(semantic), bytes)));
  }

  const setMetadata = (updateId: number, release: ReleaseMetadata) =>
    f.t.app.db.update(softwareUpdates).set({ releaseMetadata: release }).where(eq(softwareUpdates.id, updateId));

  async function stage(unit: SimulatedUnit, semantic: string): Promise<void> {
    const staged = await post(softwareRoutes.stageUpdate, {
      serialNumber: unit.serialNumber,
      version: { semantic },
    });
    expect(staged.statusCode, staged.body).toBe(200);
  }

  /** What the unit reported: its failed update's reason; its version stays what it was. */
  async function refusal(unit: SimulatedUnit, running: string): Promise<string> {
    let failure = '';
    await vi.waitFor(
      async () => {
        const row = await f.t.app.fleet.equipment.findBySerial(unit.serialNumber);
        expect(row?.updateState?.state).toBe('INSTALLATION_FAILED');
        failure = (row?.updateState as { failure?: string } | null)?.failure ?? '';
        expect(failure).not.toBe('');
      },
      { timeout: 30_000, interval: 200 },
    );
    expect((await f.t.app.fleet.equipment.findBySerial(unit.serialNumber))?.versionSemantic).toBe(running);
    expect(unit.state.version.semantic).toBe(running);
    return failure;
  }

  it('installs a signed release the console verified', async () => {
    await publish('9.0.0');
    const unit = nextUnit();
    await stage(unit, '9.0.0');
    await vi.waitFor(
      async () =>
        expect((await f.t.app.fleet.equipment.findBySerial(unit.serialNumber))?.versionSemantic).toBe('9.0.0'),
      { timeout: 40_000, interval: 250 },
    );
  }, 60_000);

  it('refuses a file changed together with its checksum file', async () => {
    const { id } = await publish('9.1.0');
    await replaceImage(id, '9.1.0', Buffer.alloc(IMAGE_BYTES, 'x'));
    const unit = nextUnit();
    const running = unit.state.version.semantic;
    await stage(unit, '9.1.0');
    expect(await refusal(unit, running)).toBe('file: aligner-9.1.0.swu does not match its signed SHA-256');
  }, 60_000);

  it('refuses a release the server re-signed with a key the root does not name', async () => {
    const { id, release } = await publish('9.2.0');
    const evil = Buffer.alloc(IMAGE_BYTES, 'e');
    await replaceImage(id, '9.2.0', evil);
    const files = release.signed.files.map((file) =>
      file.name === image('9.2.0') ? { ...file, sha256: createHash('sha256').update(evil).digest('hex') } : file,
    );
    await setMetadata(id, signRelease({ ...release.signed, files }, [keys.attacker]));
    const unit = nextUnit();
    const running = unit.state.version.semantic;
    await stage(unit, '9.2.0');
    expect(await refusal(unit, running)).toBe('signature: no trusted key');
  }, 60_000);

  it('refuses an old signed release replayed as new (rollback)', async () => {
    const unit = nextUnit();
    const running = unit.state.version.semantic;
    // A release engineering signed long ago, older than what the unit runs, sent by the server.
    const folder = await writePackage(f.t.config.paths.updates, 'aligner-4.0.1', { semantic: '4.0.1' });
    const old = await signPackage(folder, keys.release);
    const current = await f.t.app.software.repository.find('aligner', '9.0.0');
    await f.t.app.fleet.bus.send(unit.serialNumber, 'stage', {
      version: { semantic: '4.0.1', meta: null },
      url: `/device/v1/packages/${current!.id}/`,
      files: old.signed.files.map(({ name, size }) => ({ name, size })),
      release: old,
    });
    expect(await refusal(unit, running)).toBe(`rollback: 4.0.1 is not newer than the running ${running}`);
  }, 60_000);

  it('refuses expired release metadata (a freeze)', async () => {
    const { id, release } = await publish('9.3.0');
    const expired = inDays(-1).toISOString();
    await setMetadata(id, signRelease({ ...release.signed, expires: expired }, keys.release));
    const unit = nextUnit();
    const running = unit.state.version.semantic;
    await stage(unit, '9.3.0');
    expect(await refusal(unit, running)).toBe(`expired: the release metadata expired at ${expired}`);
  }, 60_000);

  it('refuses a file swapped in from another signed release (mix and match)', async () => {
    const a = await publish('9.4.0');
    const b = await publish('9.5.0');
    expect(a.release.signed.files[0]!.sha256).not.toBe(b.release.signed.files[0]!.sha256);
    // 9.4.0's image, byte for byte, with its own checksum line renamed.
    await replaceImage(b.id, '9.5.0', Buffer.alloc(IMAGE_BYTES, '9.4.0'));
    const unit = nextUnit();
    const running = unit.state.version.semantic;
    await stage(unit, '9.5.0');
    expect(await refusal(unit, running)).toBe('file: aligner-9.5.0.swu does not match its signed SHA-256');
  }, 60_000);

  it('stops an endless file at its signed size', async () => {
    const { id } = await publish('9.6.0');
    await replaceImage(id, '9.6.0', Buffer.alloc(24 * 1024 * 1024, 'z'));
    const unit = nextUnit();
    const running = unit.state.version.semantic;
    await stage(unit, '9.6.0');
    expect(await refusal(unit, running)).toBe(`file: aligner-9.6.0.swu is larger than its signed ${IMAGE_BYTES} bytes`);
  }, 60_000);

  it('refuses a spec release whose file was changed, as it refuses software', async () => {
    const folder = path.join(f.t.config.paths.updates, 'specs-2031-02');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'specs.db'), Buffer.alloc(50_000, 2));
    const version = { name: 'NA-2031-02', month: 2, year: 2031 };
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ version, files: ['specs.db'] }));
    await signPackage(folder, keys.release);
    const unit = nextUnit();
    const created = await post(specsRoutes.createSpecUpdate, {
      path: 'specs-2031-02',
      version,
      active: true,
      targetFamily: 'aligner',
      filter: [unit.serialNumber],
    });
    expect(created.statusCode, created.body).toBe(200);
    await replaceFile(created.json().id, 'specs.db', Buffer.alloc(50_000, 3), 'spec');
    f.t.app.software.scheduler.setSlots(0);
    expect((await f.t.app.software.scheduler.round()).specsTold).toBe(1);
    expect(await refusal(unit, unit.state.version.semantic)).toBe('file: specs.db does not match its signed SHA-256');
    expect(unit.state.specs?.name).not.toBe('NA-2031-02');
  }, 60_000);

  it('counts the refusals in a rollout, which pauses at its error threshold and says why', async () => {
    const { id } = await publish('9.7.0');
    await replaceImage(id, '9.7.0', Buffer.alloc(IMAGE_BYTES, 'r'));
    const targets = [nextUnit(), nextUnit()];
    const created = await post(rolloutsRoutes.createRollout, {
      name: 'To 9.7.0',
      family: 'aligner',
      version: '9.7.0',
      target: { kind: 'serials', serialNumbers: targets.map((u) => u.serialNumber) },
      waves: [{ rest: true }],
      start: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const rolloutId = created.json().id;
    await vi.waitFor(
      async () => {
        await f.t.app.rollouts.tick();
        const r = await injectRoute(f.t.app, rolloutsRoutes.getRollout, {
          query: { id: rolloutId },
          headers: bearer(token),
        });
        expect(r.json().state).toBe('paused');
      },
      { timeout: 40_000, interval: 500 },
    );
    const units = await injectRoute(f.t.app, rolloutsRoutes.getRolloutUnits, {
      query: { id: rolloutId },
      headers: bearer(token),
    });
    const docs = units.json().docs;
    const reason =
      'The unit reported that the install failed: file: aligner-9.7.0.swu does not match its signed SHA-256';
    expect(docs.map((u) => [u.state, u.reason])).toEqual([
      ['failed', reason],
      ['failed', reason],
    ]);
  }, 60_000);
});
