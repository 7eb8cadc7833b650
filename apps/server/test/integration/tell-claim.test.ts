import { describe, expect, it } from 'vitest';
import { writePackage } from '../support/packages.js';
import { markConnected } from '../support/presence.js';
import { createTestApp } from '../support/test-app.js';

describe('the claim to tell a unit', () => {
  it('goes to exactly one of many concurrent tellers, and once given back can be won again', async () => {
    const t = await createTestApp();
    try {
      await writePackage(t.config.paths.updates, 'aligner-9.1.0', { semantic: '9.1.0' });
      const { repository, service } = t.app.software;
      await service.create(
        'aligner',
        { version: { semantic: '9.1.0', meta: null }, prerequisite: null, family: 'aligner', path: 'aligner-9.1.0' },
        'admin',
      );
      const update = (await repository.find('aligner', '9.1.0'))!;
      await markConnected(t.app, 'CLM000001');
      const at = new Date();
      await repository.setStaged({
        serialNumber: 'CLM000001',
        family: 'aligner',
        updateId: update.id,
        semantic: '9.1.0',
        stagedAt: at,
        lastProgressAt: at,
      });
      const claim = (connection: number, updateId = update.id, at = new Date()) =>
        repository.claimTell('CLM000001', updateId, connection, at, 30_000);
      const connection = 1_790_000_000_123;

      const wins = await Promise.all(Array.from({ length: 8 }, () => claim(connection)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await claim(connection, update.id + 1)).toBe(false);
      // Only the holder's claim is given back.
      await repository.releaseTell('CLM000001', update.id, connection - 1);
      expect(await claim(connection)).toBe(false);
      await repository.releaseTell('CLM000001', update.id, connection);
      expect(await claim(connection)).toBe(true);
      // A new connection is a new tell.
      expect(await claim(connection + 1)).toBe(true);
      // A claim nobody answered is taken again once its lease is over; an answered one is done.
      expect(await claim(connection + 1)).toBe(false);
      expect(await claim(connection + 1, update.id, new Date(Date.now() + 31_000))).toBe(true);
      await repository.tellTaken('CLM000001', update.id, connection + 1);
      expect(await claim(connection + 1, update.id, new Date(Date.now() + 62_000))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
