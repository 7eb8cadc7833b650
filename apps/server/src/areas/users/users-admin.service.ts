import { PAGE_SIZE } from '@ed/contract/constants';
import { passwordPolicyProblems } from '@ed/contract/password-policy';
import type { UpdateUserRequest, UsersResponse } from '@ed/contract/users';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../shared/domain-error.js';
import type { PasswordHashing, SignInLocks } from '../../ports/credentials.js';
import type { AccountTokens } from '../../ports/session.js';
import type { UsersAdminRepository } from './users-admin.repository.js';
import type { UserRow } from './users.repository.js';

export interface UsersAdminDeps {
  db: Db;
  repository: UsersAdminRepository;
  sessions: AccountTokens;
  hasher: PasswordHashing;
  /** A new password set here clears the account's sign-in locks. */
  signInLimits: SignInLocks;
  /** Forgets the user's cached sessions and drops their open sockets, on every instance. */
  userChanged: (username: string) => void;
}

const LAST_ADMIN = 'The last active admin cannot be deleted, deactivated or demoted.';

/** The Users screen (part 2 §2): list, update and delete, with last-admin protection. */
export class UsersAdminService {
  constructor(private readonly deps: UsersAdminDeps) {}

  list(filterUsername: string | undefined, page: number): Promise<UsersResponse> {
    return this.deps.repository.page(filterUsername, page, PAGE_SIZE);
  }

  /** The list's rows for an export: the same filter, read a page at a time. */
  exportSource(filterUsername: string | undefined) {
    return {
      count: () => this.deps.repository.count(filterUsername),
      page: (offset: number, limit: number) => this.deps.repository.rows(filterUsername, offset, limit),
    };
  }

  /**
   * An empty (or absent) password means no change; one of spaces only is refused by the policy,
   * not taken for "no change", so the admin learns it was not set. Deactivating or a new
   * password revokes the user's tokens (and reset links, as does a new e-mail address);
   * any change forgets their cached sessions and drops their sockets, so they come back as what
   * they now are.
   */
  async update(input: UpdateUserRequest): Promise<void> {
    const password = input.password ? input.password : undefined;
    if (password) {
      const userInputs = [input.username, input.email ?? ''];
      const [problem] = await passwordPolicyProblems(password, { userInputs });
      if (problem !== undefined) throw badRequest(problem, 'password');
    }
    const passwordHash = password ? await this.deps.hasher.hash(password) : undefined;
    const username = await this.deps.db.transaction(async (tx) => {
      const user = await this.lockUser(tx, input.username);
      const losesAdmin =
        user.role === 'admin' && user.active && ((input.role && input.role !== 'admin') || input.active === false);
      if (losesAdmin) await this.assertAnotherAdmin(tx, user);
      await this.deps.repository.update(tx, user.id, {
        email: input.email,
        role: input.role,
        active: input.active,
        passwordHash,
      });
      if (input.active === false || passwordHash) await this.deps.sessions.revokeUserSessions(user.id, undefined, tx);
      // A reset link mailed before would undo the password set here, or reach a mailbox the user
      // no longer holds: every outstanding one is used up.
      const emailChanged = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
      if (input.active === false || passwordHash || emailChanged)
        await this.deps.sessions.revokeResetTokens(user.id, tx);
      if (passwordHash) await this.deps.signInLimits.forgetAccount(user.username, tx);
      return user.username;
    });
    this.deps.userChanged(username);
  }

  /** Deleting removes the user's sessions with the row (cascade), so their tokens stop at once. */
  async remove(username: string): Promise<void> {
    const name = await this.deps.db.transaction(async (tx) => {
      const user = await this.lockUser(tx, username);
      if (user.role === 'admin' && user.active) await this.assertAnotherAdmin(tx, user);
      await this.deps.repository.remove(tx, user.id);
      return user.username;
    });
    this.deps.userChanged(name);
  }

  private async lockUser(tx: Db, username: string): Promise<UserRow> {
    const user = await this.deps.repository.lockByUsername(tx, username);
    if (!user) throw notFound(`There is no user named ${username}.`);
    return user;
  }

  private async assertAnotherAdmin(tx: Db, user: UserRow): Promise<void> {
    if ((await this.deps.repository.lockActiveAdmins(tx, user.id)) === 0) throw conflict(LAST_ADMIN);
  }
}
