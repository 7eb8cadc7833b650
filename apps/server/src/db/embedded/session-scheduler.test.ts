import { describe, expect, it } from 'vitest';
import { SessionScheduler, type SessionExecutor } from './session-scheduler.js';

/** A session that records what ran; "BEGIN" and "COMMIT"/"ROLLBACK" move its transaction state. */
function fakeSession() {
  const ran: string[] = [];
  let inTransaction = false;
  let release: (() => void) | undefined;
  const executor: SessionExecutor = {
    run: async (bytes) => {
      // Test units are plain text; the scheduler's own rollback is a real Query message.
      const body = bytes[0] === 0x51 ? bytes.subarray(5) : bytes;
      const text = Buffer.from(body)
        .toString('utf8')
        .replace(/[^\x20-\x7e]/g, '');
      if (text.includes('SLOW')) await new Promise<void>((resolve) => (release = resolve));
      ran.push(text);
      if (text.includes('BEGIN')) inTransaction = true;
      if (text.includes('COMMIT') || text.includes('ROLLBACK')) inTransaction = false;
      return Buffer.from(`ok ${text}`);
    },
    inTransaction: () => inTransaction,
  };
  return { executor, ran, release: () => release?.() };
}
const unit = (text: string) => Buffer.from(text);

describe('SessionScheduler', () => {
  it('runs interactive work first, but gives background work a turn', async () => {
    const session = fakeSession();
    const scheduler = new SessionScheduler(session.executor);
    scheduler.open(1, 'interactive');
    scheduler.open(2, 'background');
    const done = [scheduler.submit(2, unit('SLOW'), false)];
    for (let i = 0; i < 3; i++) done.push(scheduler.submit(2, unit(`b${i}`), false));
    for (let i = 0; i < 6; i++) done.push(scheduler.submit(1, unit(`i${i}`), false));
    session.release();
    await Promise.all(done);
    expect(session.ran).toEqual(['SLOW', 'i0', 'i1', 'i2', 'i3', 'b0', 'i4', 'i5', 'b1', 'b2']);
  });

  it('keeps the session for a connection inside a transaction', async () => {
    const session = fakeSession();
    const scheduler = new SessionScheduler(session.executor);
    scheduler.open(1, 'background');
    scheduler.open(2, 'interactive');
    await scheduler.submit(1, unit('BEGIN'), false);
    const other = scheduler.submit(2, unit('other'), false);
    await scheduler.submit(1, unit('insert'), false);
    await scheduler.submit(1, unit('COMMIT'), false);
    await other;
    expect(session.ran).toEqual(['BEGIN', 'insert', 'COMMIT', 'other']);
  });

  it('keeps the session after a Flush until the sequence ends', async () => {
    const session = fakeSession();
    const scheduler = new SessionScheduler(session.executor);
    scheduler.open(1, 'background');
    scheduler.open(2, 'interactive');
    await scheduler.submit(1, unit('parse-flush'), true);
    const other = scheduler.submit(2, unit('other'), false);
    await scheduler.submit(1, unit('execute-sync'), false);
    await other;
    expect(session.ran).toEqual(['parse-flush', 'execute-sync', 'other']);
  });

  it('rolls back what a closed connection left open, and drops its queued work', async () => {
    const session = fakeSession();
    const scheduler = new SessionScheduler(session.executor);
    scheduler.open(1, 'interactive');
    scheduler.open(2, 'interactive');
    await scheduler.submit(1, unit('BEGIN'), false);
    const other = scheduler.submit(2, unit('other'), false);
    await scheduler.close(1);
    await other;
    expect(session.ran).toEqual(['BEGIN', 'ROLLBACK', 'other']);
    await expect(scheduler.submit(1, unit('late'), false)).rejects.toThrow(/not open/);
    await scheduler.idle();
  });

  it('rolls back when the connection closes while its BEGIN runs', async () => {
    const session = fakeSession();
    const scheduler = new SessionScheduler(session.executor);
    scheduler.open(1, 'interactive');
    const begin = scheduler.submit(1, unit('SLOW BEGIN'), false);
    await Promise.resolve();
    const closed = scheduler.close(1);
    session.release();
    await begin;
    await closed;
    await scheduler.idle();
    expect(session.ran).toEqual(['SLOW BEGIN', 'ROLLBACK']);
  });
});
