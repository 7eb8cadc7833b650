import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEAT_MS, ConsoleUsers, SILENT_MS, type UsersNotice } from './console-users.js';

/** Instances joined by an in-memory bus; `silence` stops one's messages, as a dead process would. */
function cluster() {
  const members: ConsoleUsers[] = [];
  const silent = new Set<ConsoleUsers>();
  const held: { to: ConsoleUsers; notice: UsersNotice }[] = [];
  let holding = false;
  const join = () => {
    const member = new ConsoleUsers(() => undefined);
    members.push(member);
    const others = () => members.filter((m) => m !== member);
    member.share({
      tell: (notice) => {
        if (silent.has(member)) return;
        for (const to of others()) {
          if (holding) held.push({ to, notice });
          else to.receive(notice);
        }
      },
      ask: (to) => {
        if (!silent.has(member)) for (const other of others()) other.answer(to);
      },
    });
    return member;
  };
  return {
    join,
    silence: (member: ConsoleUsers) => silent.add(member),
    /** Holds notices back, to deliver them later in any order or lose them. */
    hold: () => (holding = true),
    release: () => (holding = false),
    held,
    stop: () => members.forEach((m) => m.stop()),
  };
}

describe('ConsoleUsers', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('counts a user once however many consoles, and tells only changes of the count', () => {
    const onChange = vi.fn();
    const users = new ConsoleUsers(onChange);
    users.add('Admin');
    users.add('admin');
    users.add('support');
    expect(users.size).toBe(2);
    expect(onChange).toHaveBeenCalledTimes(2);
    users.remove('admin');
    expect(users.size).toBe(2);
    users.remove('ADMIN');
    users.remove('admin');
    expect(users.size).toBe(1);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('counts the union over instances, a user on two of them once', async () => {
    const c = cluster();
    const [a, b] = [c.join(), c.join()];
    a.add('admin');
    b.add('admin');
    b.add('engineer');
    await vi.advanceTimersByTimeAsync(300);
    expect([a.size, b.size]).toEqual([2, 2]);
    b.remove('admin');
    await vi.advanceTimersByTimeAsync(300);
    expect([a.size, b.size]).toEqual([2, 2]);
    a.remove('admin');
    await vi.advanceTimersByTimeAsync(300);
    expect([a.size, b.size]).toEqual([1, 1]);
    c.stop();
  });

  it('drops a silent instance’s users within the bound, and a closing one’s at once', async () => {
    const c = cluster();
    const [a, b, d] = [c.join(), c.join(), c.join()];
    b.add('engineer');
    d.add('support');
    await vi.advanceTimersByTimeAsync(300);
    expect(a.size).toBe(2);
    c.silence(b);
    await vi.advanceTimersByTimeAsync(SILENT_MS - BEAT_MS);
    expect(a.size).toBe(2);
    await vi.advanceTimersByTimeAsync(SILENT_MS);
    expect(a.size).toBe(1);
    d.stop();
    expect(a.size).toBe(0);
    c.stop();
  });

  it('tells an instance that joins late, and keeps the newest of notices arriving out of order', async () => {
    const c = cluster();
    const a = c.join();
    a.add('admin');
    await vi.advanceTimersByTimeAsync(300);
    const late = c.join();
    expect(late.size).toBe(1);

    c.hold();
    a.add('engineer');
    await vi.advanceTimersByTimeAsync(300);
    a.remove('engineer');
    await vi.advanceTimersByTimeAsync(300);
    const [older, newer] = c.held.filter((h) => h.to === late && h.notice.users);
    late.receive(newer!.notice);
    late.receive(older!.notice);
    expect(late.size).toBe(1);
    c.stop();
  });

  it('repairs a lost notice at the next beat', async () => {
    const c = cluster();
    const [a, b] = [c.join(), c.join()];
    c.hold();
    a.add('admin');
    await vi.advanceTimersByTimeAsync(300);
    c.held.length = 0;
    c.release();
    expect(b.size).toBe(0);
    // a's next beat names a version b does not hold, so b asks for a's users again.
    await vi.advanceTimersByTimeAsync(BEAT_MS);
    expect(b.size).toBe(1);
    c.stop();
  });
});
