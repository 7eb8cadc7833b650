import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** How often an instance tells the others it is alive, and which version of its users it last told. */
export const BEAT_MS = 2_000;
/**
 * An instance not heard from for this long has its users dropped: a dead instance's consoles stop
 * being counted within SILENT_MS + SWEEP_MS. Two beats may be lost before it happens.
 */
export const SILENT_MS = 5_000;
const SWEEP_MS = 1_000;
/** Changes of this instance's users in a burst (a restart's consoles coming back) are told once. */
const TELL_DEBOUNCE_MS = 250;

const noticeSchema = z.object({
  from: z.string().min(1).max(64),
  version: z.number().int().nonnegative(),
  /** Present: this instance's users, whole. Absent: a beat. */
  users: z.array(z.string()).optional(),
  /** The instance is closing. */
  bye: z.literal(true).optional(),
});
export type UsersNotice = z.infer<typeof noticeSchema>;

/** How instances reach each other (the socket.io adapter's server-side events). */
export interface UsersChannel {
  tell(notice: UsersNotice): void;
  /** Asks one instance (or, without `to`, all) to tell its users again. */
  ask(to?: string): void;
}

interface Remote {
  version: number;
  users: Set<string>;
  seenAt: number;
}

/**
 * Who has a console open, kept as consoles come and go rather than read from every socket when
 * the counters are pushed. Each instance counts its own sockets per user and tells the others
 * its set of users when it changes (a whole, versioned set, so a lost or late notice is repaired by
 * the next beat); the connected users are the union of the sets of instances heard from lately.
 */
export class ConsoleUsers {
  readonly id = randomUUID();
  /** Lower-cased username → this instance's sockets of that user. */
  private readonly local = new Map<string, number>();
  private readonly remote = new Map<string, Remote>();
  /** Lower-cased username → how many instances (this one included) have a console of that user. */
  private readonly holders = new Map<string, number>();
  private version = 0;
  private channel: UsersChannel | undefined;
  private tellTimer: NodeJS.Timeout | undefined;
  private timers: NodeJS.Timeout[] = [];

  /** `onChange` is called whenever the number of connected users changes. */
  constructor(
    private readonly onChange: () => void,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  /** Distinct users with a console on any instance heard from lately. */
  get size(): number {
    return this.holders.size;
  }

  add(username: string): void {
    const key = username.toLowerCase();
    const sockets = this.local.get(key) ?? 0;
    this.local.set(key, sockets + 1);
    if (sockets === 0) this.changeLocal(key, 1);
  }

  remove(username: string): void {
    const key = username.toLowerCase();
    const sockets = this.local.get(key) ?? 0;
    if (sockets > 1) return void this.local.set(key, sockets - 1);
    if (sockets === 0) return;
    this.local.delete(key);
    this.changeLocal(key, -1);
  }

  /** Starts sharing with the other instances: beats, a sweep for silent ones, and a first ask. */
  share(channel: UsersChannel): void {
    this.channel = channel;
    const beat = () => channel.tell({ from: this.id, version: this.version });
    this.timers = [setInterval(beat, BEAT_MS), setInterval(() => this.dropSilent(), SWEEP_MS)];
    for (const timer of this.timers) timer.unref();
    channel.ask();
    this.tellUsers();
  }

  receive(input: unknown): void {
    const parsed = noticeSchema.safeParse(input);
    if (!parsed.success) {
      this.logger?.warn('an instance sent a malformed users notice; ignored');
      return;
    }
    const notice = parsed.data;
    if (notice.from === this.id) return;
    const known = this.remote.get(notice.from);
    if (notice.bye) {
      this.replace(notice.from, undefined);
      return;
    }
    if (notice.users) {
      // Large notices travel through a table and may arrive after a later one: the newest wins.
      if (known && notice.version <= known.version) return;
      const users = new Set(notice.users.map((u) => u.toLowerCase()));
      this.replace(notice.from, { version: notice.version, users, seenAt: Date.now() });
      return;
    }
    if (known) known.seenAt = Date.now();
    // A beat of a version we do not hold: we joined late or missed its last notice.
    if (!known || notice.version > known.version) this.channel?.ask(notice.from);
  }

  /** Answers an ask: tells this instance's users unless another instance was asked. */
  answer(to: string | null | undefined): void {
    if (to === undefined || to === null || to === this.id) this.tellUsers();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.tellTimer);
    this.channel?.tell({ from: this.id, version: this.version, bye: true });
    this.channel = undefined;
  }

  private changeLocal(key: string, delta: 1 | -1): void {
    if (this.hold(key, delta)) this.onChange();
    if (!this.channel || this.tellTimer) return;
    this.tellTimer = setTimeout(() => {
      this.tellTimer = undefined;
      this.tellUsers();
    }, TELL_DEBOUNCE_MS);
    this.tellTimer.unref();
  }

  /** Every whole set gets a new version, so a receiver can tell which of two is newer. */
  private tellUsers(): void {
    this.version += 1;
    this.channel?.tell({ from: this.id, version: this.version, users: [...this.local.keys()] });
  }

  private dropSilent(): void {
    const cutoff = Date.now() - SILENT_MS;
    for (const [instance, remote] of this.remote) {
      if (remote.seenAt >= cutoff) continue;
      this.logger?.warn({ instance }, 'an instance fell silent; its consoles are no longer counted');
      this.replace(instance, undefined);
    }
  }

  /** Puts an instance's new set in place of its old one, counting only the difference. */
  private replace(instance: string, next: Remote | undefined): void {
    const before = this.remote.get(instance)?.users ?? new Set<string>();
    const after = next?.users ?? new Set<string>();
    if (next) this.remote.set(instance, next);
    else this.remote.delete(instance);
    let changed = false;
    for (const user of before) if (!after.has(user)) changed = this.hold(user, -1) || changed;
    for (const user of after) if (!before.has(user)) changed = this.hold(user, 1) || changed;
    if (changed) this.onChange();
  }

  /** Returns whether the number of distinct users changed. */
  private hold(user: string, delta: 1 | -1): boolean {
    const holders = (this.holders.get(user) ?? 0) + delta;
    if (holders > 0) this.holders.set(user, holders);
    else this.holders.delete(user);
    return (delta === 1 && holders === 1) || (delta === -1 && holders === 0);
  }
}
