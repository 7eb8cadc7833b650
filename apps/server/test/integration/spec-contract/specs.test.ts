import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccepted, specClient, writeSpecPackage, type SpecClient } from '../../support/spec-client.js';

/** A spec release's manifest as part 2 §3 and §7 give it: version and prerequisites, no files. */
const manifest = (name: string) => ({
  version: { name, month: 4, year: 2031 },
  prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: null },
});

/** Part 2 §7 "Spec updates", each call in the spec's literal shape. */
describe('spec contract: spec updates', () => {
  let c: SpecClient;
  beforeAll(async () => {
    c = await specClient({ SCHEDULER_TICK_SECONDS: '0' });
  });
  afterAll(() => c.close());

  const release = async (name: string) => {
    const dir = `specs/${name.toLowerCase()}`;
    await writeSpecPackage(c.t.config.paths.updates, dir, manifest(name), { 'specs.db': Buffer.alloc(512, 3) });
    return dir;
  };
  const create = async (name: string) => {
    const path = await release(name);
    const { version, prerequisites } = manifest(name);
    const body = { path, version, prerequisites, active: true, targetFamily: 'all', filter: ['*'] };
    const res = await c.post('/create/spec_update/v1', body);
    expectAccepted(res);
    return { path, res };
  };

  it('POST /validate_spec_update_at_path/v1 accepts {updatePath} and answers version and prerequisites', async () => {
    const updatePath = await release('EU-2031');
    const res = await c.post('/validate_spec_update_at_path/v1', { updatePath });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ ...manifest('EU-2031'), files: [{ name: 'specs.db', size: 512 }] });
  });

  it('POST /create/spec_update/v1 accepts {path, version, prerequisites, active, targetFamily, filter list}', async () => {
    const { path, res } = await create('NA-2031');
    expect(res.json()).toMatchObject({
      path,
      ...manifest('NA-2031'),
      active: true,
      targetFamily: 'all',
      filter: ['*'],
    });
  });

  it('POST /update/spec_update/v1 accepts {path, version, active, targetFamily, filter list}', async () => {
    const { path } = await create('SA-2031');
    const res = await c.post('/update/spec_update/v1', {
      path,
      version: manifest('SA-2031').version,
      active: false,
      targetFamily: 'gtps',
      filter: ['TP1*', 'TP2*'],
    });
    expectAccepted(res);
    expect(res.json()).toMatchObject({ path, active: false, targetFamily: 'gtps', filter: ['TP1*', 'TP2*'] });
  });

  it('GET /read/spec_updates/v1 accepts /?page', async () => {
    const { path } = await create('AP-2031');
    const res = await c.get('/read/spec_updates/v1/?page=1');
    expectAccepted(res);
    expect(res.json().docs).toContainEqual(expect.objectContaining({ path, version: manifest('AP-2031').version }));
  });
});
