import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../../ports/credentials.js';
import { BoundedSemaphore, SemaphoreFull } from '../../shared/bounded-semaphore.js';
import { serviceUnavailable } from '../../shared/domain-error.js';

/**
 * Argon2id (the library's default algorithm) at OWASP's settings: 19 MiB, 2 passes, 1 lane.
 * @public The sign-in benchmark (bench/login.mjs) hashes with them from the build, which lint
 * runs before.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const HASHING_BUSY = 'The server is busy checking passwords. Try again in a moment.';

/**
 * Every Argon2 computation of the process goes through one bounded semaphore: a flood of
 * sign-ins then costs at most `concurrency` cores (the rest of the API keeps its share), and
 * past a short queue it is refused with 503 instead of waiting behind seconds of hashing.
 */
export class PasswordHasher implements PasswordHashing {
  private readonly slots: BoundedSemaphore;
  private dummyHash: Promise<string> | undefined;

  constructor(options: { concurrency: number; queue: number }) {
    this.slots = new BoundedSemaphore(options.concurrency, options.queue);
  }

  /** Whether a hash asked for now would be refused. */
  get full(): boolean {
    return this.slots.full;
  }

  /** Hashes under way and waiting, for metrics. */
  get load(): { running: number; waiting: number } {
    return this.slots.load;
  }

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, ARGON2_OPTIONS));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limited(() => verify(passwordHash, password).catch(() => false));
  }

  /**
   * Verifying against this when the user does not exist makes a failed sign-in take the same
   * time either way, so timing does not reveal which usernames exist.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummyHash ??= hash('no-such-user-dummy-password', ARGON2_OPTIONS);
    await this.verify(await this.dummyHash, password);
    return false;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.slots.run(work);
    } catch (error) {
      // About one hash per slot frees up every few tens of milliseconds: a second is plenty.
      if (error instanceof SemaphoreFull) throw serviceUnavailable(HASHING_BUSY, 1_000);
      throw error;
    }
  }
}
