import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The "Domain events" table of docs/architecture.md: each event and the areas that handle it, in order. */
async function documentedHandlers(): Promise<Map<string, string[]>> {
  const doc = await readFile(new URL('../../../../docs/architecture.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Domain events'));
  const table = new Map<string, string[]>();
  for (const [, event, handlers] of section.matchAll(/^\| `(\w+)` \| [^|]+ \| ([^|]+) \|$/gm)) {
    const areas = handlers!.split(';').flatMap((part) =>
      part
        .split(':')[0]!
        .split(',')
        .map((a) => a.trim()),
    );
    table.set(event!, areas);
  }
  return table;
}

describe('domain events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are handled by exactly the areas docs/architecture.md lists, in the order it lists them', async () => {
    const subscribed = new Map<string, string[]>();
    for (const { event, area } of t.app.events.subscriptions()) {
      subscribed.set(event, [...(subscribed.get(event) ?? []), area]);
    }
    const documented = await documentedHandlers();
    expect(documented.size).toBeGreaterThan(0);
    expect(Object.fromEntries(subscribed)).toEqual(Object.fromEntries(documented));
  });

  it('roll a rename back when one area fails to rename its records', async () => {
    t.app.events.on('unitRenamed', 'test', () => {
      throw new Error('the test refuses this rename');
    });
    await t.app.db.insert(equipment).values({ serialNumber: 'V33CP0001', family: 'aligner' });
    await expect(t.app.fleet.renamer.rename('V33CP0001', 'V33CP0002')).rejects.toThrow('the test refuses this rename');
    // The fleet renamed the unit before the failing area was told; the transaction undid it.
    expect(await t.app.fleet.equipment.findBySerial('V33CP0001')).toBeDefined();
    expect(await t.app.fleet.equipment.findBySerial('V33CP0002')).toBeUndefined();
  });
});
