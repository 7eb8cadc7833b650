import { describe, expect, it, vi } from 'vitest';
import { whenLeader } from '../../src/db/leader-lock.js';
import { createTestDatabase } from '../support/test-database.js';

/** One instance of many runs the demo fleet: the one holding the lock; another takes over when it dies. */
describe('leadership on a real PostgreSQL', () => {
  it('lets one of two instances lead, and the other take over when it stops', async () => {
    const db = await createTestDatabase();
    const key = Math.floor(Math.random() * 1_000_000);
    const leading: string[] = [];
    const lead = (name: string) => async () => {
      leading.push(name);
      return async () => {
        leading.splice(leading.indexOf(name), 1);
      };
    };
    try {
      const stopA = whenLeader(db.database, key, 100, lead('a'), (err) => {
        throw err;
      });
      await vi.waitFor(() => expect(leading).toEqual(['a']));
      const stopB = whenLeader(db.database, key, 100, lead('b'), (err) => {
        throw err;
      });
      // B keeps trying and keeps being refused while A holds the lock.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(leading).toEqual(['a']);
      await stopA();
      await vi.waitFor(() => expect(leading).toEqual(['b']));
      await stopB();
      expect(leading).toEqual([]);
    } finally {
      await db.dispose();
    }
  });
});
