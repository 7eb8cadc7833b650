import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskSweep } from './disk-sweep.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ed-sweep-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const NOW = new Date('2031-05-01T12:00:00Z');

async function file(rel: string, ageMs: number): Promise<void> {
  const full = path.join(root, ...rel.split('/'));
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, 'x');
  const at = new Date(NOW.getTime() - ageMs);
  await utimes(full, at, at);
}

async function tree(): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

describe('DiskSweep', () => {
  it('removes old temporary files and old files without a row, and nothing else', async () => {
    await file('attachments/.a.png.1f2e.tmp', 2 * HOUR);
    await file('attachments/old-style.png.tmp', 2 * HOUR);
    await file('attachments/kept.png', 2 * HOUR);
    await file('attachments/orphan.png', 2 * HOUR);
    await file('attachments/fresh-orphan.png', 10_000);
    await file('screenshots/.b.png.99.tmp', 10_000);
    await file('packages/1234/app.swu', 2 * HOUR);
    await file('pgdata/base/1', 2 * HOUR);
    await file('updates/demo/manifest.json', 2 * HOUR);
    const sweep = new DiskSweep(root, async (keys) => new Set(keys.filter((k) => k === 'attachments/kept.png')));
    const result = await sweep.round({ graceMs: HOUR, now: NOW });
    expect(result).toMatchObject({ temps: 2, orphans: 2, complete: true });
    expect(await tree()).toEqual([
      'attachments/fresh-orphan.png',
      'attachments/kept.png',
      'pgdata/base/1',
      'screenshots/.b.png.99.tmp',
      'updates/demo/manifest.json',
    ]);
  });

  it('looks at a bounded number of entries per round and goes on where it stopped', async () => {
    for (let i = 0; i < 5; i++) await file(`outbox/mail-${i}.eml`, 2 * HOUR);
    const asked: string[][] = [];
    const sweep = new DiskSweep(root, async (keys) => {
      asked.push(keys);
      return new Set();
    });
    expect(await sweep.round({ graceMs: HOUR, now: NOW, maxEntries: 2 })).toMatchObject({
      examined: 2,
      orphans: 2,
      complete: false,
    });
    expect(await sweep.round({ graceMs: HOUR, now: NOW, maxEntries: 2 })).toMatchObject({
      orphans: 2,
      complete: false,
    });
    expect(await sweep.round({ graceMs: HOUR, now: NOW, maxEntries: 2 })).toMatchObject({
      orphans: 1,
      complete: true,
    });
    expect(asked.flat()).toEqual([0, 1, 2, 3, 4].map((i) => `outbox/mail-${i}.eml`));
    expect(await tree()).toEqual([]);
  });
});
