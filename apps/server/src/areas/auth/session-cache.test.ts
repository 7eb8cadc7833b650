import { describe, expect, it, vi } from 'vitest';
import type { ActiveSession } from '../../ports/session.js';
import { SessionCache } from './session-cache.js';

const session = (token: string, username = 'sam', expiresInMs = 3_600_000): ActiveSession => ({
  sessionId: `session-${token}`,
  expiresAt: new Date(Date.now() + expiresInMs),
  user: { id: 1, username, email: `${username}@example.com`, role: 'support' },
});

/** A cache over a fake database whose reads are counted. */
function setup(options: { ttlMs?: number; max?: number; expiresInMs?: number } = {}) {
  const rows = new Map<string, ActiveSession>();
  const load = vi.fn(async (token: string) => rows.get(token));
  const cache = new SessionCache({ ttlMs: options.ttlMs ?? 60_000, max: options.max ?? 100, load });
  const add = (token: string, username?: string) => rows.set(token, session(token, username, options.expiresInMs));
  return { cache, rows, load, add };
}

describe('SessionCache', () => {
  it('reads a session once and serves it again from memory', async () => {
    const { cache, load, add } = setup();
    add('a');
    expect((await cache.authenticate('a'))?.sessionId).toBe('session-a');
    expect((await cache.authenticate('a'))?.sessionId).toBe('session-a');
    expect(load).toHaveBeenCalledTimes(1);
    // An unknown token is read each time: nothing is cached for it.
    expect(await cache.authenticate('forged')).toBeUndefined();
    expect(await cache.authenticate('forged')).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps at most `max` sessions, the least recently used going first', async () => {
    const { cache, load, add } = setup({ max: 3 });
    for (const token of ['a', 'b', 'c', 'd']) {
      add(token);
      await cache.authenticate(token);
    }
    expect(cache.size).toBe(3);
    await cache.authenticate('a');
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('never serves a session past its own end', async () => {
    // Only the clock sessions end by moves: the cache's own time-to-live is not what is tested.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { cache, rows, load, add } = setup({ expiresInMs: 50 });
      add('a');
      await cache.authenticate('a');
      vi.setSystemTime(Date.now() + 80);
      rows.delete('a');
      expect(await cache.authenticate('a')).toBeUndefined();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets revoked sessions and every session of a changed user', async () => {
    const { cache, rows, add } = setup();
    add('a', 'sam');
    add('b', 'Sam');
    add('c', 'kim');
    for (const token of ['a', 'b', 'c']) await cache.authenticate(token);
    rows.clear();
    await cache.revoke({ sessions: ['session-c'] });
    expect(await cache.authenticate('c')).toBeUndefined();
    expect(await cache.authenticate('a')).toBeDefined();
    cache.heard({ users: ['SAM'] });
    expect(await cache.authenticate('a')).toBeUndefined();
    expect(await cache.authenticate('b')).toBeUndefined();
  });

  it('does not keep a read that a revocation overtook', async () => {
    const { cache, load, add } = setup();
    add('a');
    let release: () => void = () => undefined;
    load.mockImplementationOnce(async (token) => {
      await new Promise<void>((resolve) => (release = resolve));
      return session(token);
    });
    const read = cache.authenticate('a');
    await cache.revoke({ sessions: ['session-a'] });
    release();
    await read;
    expect(cache.size).toBe(0);
  });

  it('caches nothing while it cannot hear the other instances, nor with a lifetime of 0', async () => {
    const deaf = setup();
    deaf.add('a');
    deaf.cache.setHearing(false);
    await deaf.cache.authenticate('a');
    await deaf.cache.authenticate('a');
    expect(deaf.load).toHaveBeenCalledTimes(2);
    deaf.cache.setHearing(true);
    await deaf.cache.authenticate('a');
    await deaf.cache.authenticate('a');
    expect(deaf.load).toHaveBeenCalledTimes(3);

    const off = setup({ ttlMs: 0 });
    off.add('a');
    await off.cache.authenticate('a');
    await off.cache.authenticate('a');
    expect(off.load).toHaveBeenCalledTimes(2);
  });

  it('tells every revocation to its listeners and to the other instances', async () => {
    const publish = vi.fn(async () => undefined);
    const heard = vi.fn();
    const cache = new SessionCache({ ttlMs: 1_000, max: 10, load: async () => undefined, publish, applied: heard });
    await cache.revoke({ users: ['sam'] });
    cache.heard({ sessions: ['x'] });
    expect(publish).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls).toEqual([[{ users: ['sam'] }], [{ sessions: ['x'] }]]);
  });
});
