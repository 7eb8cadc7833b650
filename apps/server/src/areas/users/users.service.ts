import { passwordPolicyProblems } from '@ed/contract/password-policy';
import { createUserRequestSchema } from '@ed/contract/users';
import { badRequest, conflict } from '../../shared/domain-error.js';
import type { PasswordHashing } from '../../ports/credentials.js';
import type { NewUser } from '../../ports/users.js';
import { type UsersRepository, type UserRow } from './users.repository.js';

const newUserSchema = createUserRequestSchema;

/** Creates accounts; the admin bootstrap and the demo seed go through here like the Users screen will. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHashing,
  ) {}

  async create(input: NewUser): Promise<UserRow> {
    const user = await this.parse(input);
    if (await this.users.findByUsername(user.username)) {
      throw conflict(`A user named ${user.username} already exists.`);
    }
    const passwordHash = await this.hasher.hash(user.password);
    return this.users.insert({ ...user, role: user.role, passwordHash });
  }

  /**
   * Creates the account unless its username is taken, also by another instance inserting it at
   * this very moment (the unique index decides); returns the row only to the one that created it.
   */
  async createIfAbsent(input: NewUser, options: { generatedPassword?: boolean } = {}): Promise<UserRow | undefined> {
    const user = await this.parse(input, options.generatedPassword);
    if (await this.users.findByUsername(user.username)) return undefined;
    const passwordHash = await this.hasher.hash(user.password);
    return this.users.insertIfAbsent({ ...user, role: user.role, passwordHash });
  }

  /**
   * The account's fields, checked; the password against the whole policy unless the server made
   * it (random, 20 characters): the strength check loads its dictionaries, a fifth of a second
   * of a first start spent judging a password no person chose.
   */
  private async parse(input: NewUser, generatedPassword = false) {
    const parsed = newUserSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(issue.message, String(issue.path[0] ?? ''));
    }
    if (generatedPassword) return parsed.data;
    const { username, email, password } = parsed.data;
    const [problem] = await passwordPolicyProblems(password, { userInputs: [username, email] });
    if (problem !== undefined) throw badRequest(problem, 'password');
    return parsed.data;
  }
}
