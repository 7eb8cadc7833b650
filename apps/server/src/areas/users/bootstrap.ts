import { randomBytes } from 'node:crypto';
import { passwordPolicyProblems } from '@ed/contract/password-policy';
import type { Role } from '@ed/contract/roles';
import { ConfigError, type Config } from '../../config/env.js';
import type { CreatedAccount } from '../../ports/users.js';
import type { UsersRepository } from './users.repository.js';
import type { UsersService } from './users.service.js';

const generatePassword = () => randomBytes(15).toString('base64url');

/** One demo account per role besides admin, so each role's view can be tried. */
const DEMO_ROLES: Role[] = ['engineer', 'support_lvl2', 'support', 'tech', 'ezadas', 'guest'];

interface Wanted {
  username: string;
  role: Role;
  email: string;
  password: string | undefined;
  /** The variable the password comes from, named when the policy refuses it. */
  variable: 'ADMIN_PASSWORD' | 'DEMO_PASSWORD';
}

/**
 * The configured passwords about to be used pass the whole policy, or the start stops naming the
 * variable, before any account is created (a refusal halfway would leave some of them made).
 */
async function assertPasswordsAllowed(wanted: Wanted[]): Promise<void> {
  const lines: string[] = [];
  for (const { variable, password, username, email } of wanted) {
    if (!password || lines.some((line) => line.startsWith(`  ${variable}:`))) continue;
    const [problem] = await passwordPolicyProblems(password, { userInputs: [username, email] });
    if (problem !== undefined) lines.push(`  ${variable}: ${problem} (got (hidden))`);
  }
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * On first start creates `admin` (ADMIN_PASSWORD, or a generated password shown once), and in
 * demo mode the demo accounts, through the same service the Users screen uses. Several instances
 * may start at once on an empty database: each account is inserted by exactly one of them (the
 * unique index decides), and only that one reports it, so a generated password is shown once.
 * A restart asks once which accounts exist; the missing ones are created side by side.
 */
export async function bootstrapAccounts(
  config: Config,
  users: UsersService,
  repository: UsersRepository,
): Promise<CreatedAccount[]> {
  const domain = config.ADMIN_EMAIL.split('@')[1] ?? 'equipment-dashboard.local';
  const demo: Wanted[] = config.DEMO
    ? DEMO_ROLES.map((role) => ({
        username: role,
        role,
        email: `${role}@${domain}`,
        password: config.DEMO_PASSWORD,
        variable: 'DEMO_PASSWORD' as const,
      }))
    : [];
  const { total, present } = await repository.census(demo.map((a) => a.username));
  const wanted = [
    ...(total === 0
      ? [
          {
            username: 'admin',
            role: 'admin' as const,
            email: config.ADMIN_EMAIL,
            password: config.ADMIN_PASSWORD,
            variable: 'ADMIN_PASSWORD' as const,
          },
        ]
      : []),
    ...demo.filter((a) => !present.has(a.username)),
  ];
  await assertPasswordsAllowed(wanted);
  const create = async ({ username, role, email, password }: Wanted): Promise<CreatedAccount | undefined> => {
    const chosen = password ?? generatePassword();
    const row = await users.createIfAbsent(
      { username, email, role, password: chosen },
      { generatedPassword: !password },
    );
    return row ? { username, role, generatedPassword: password ? undefined : chosen } : undefined;
  };
  // As many as the hasher takes without refusing (its slots and its queue; nothing else hashes yet).
  const atOnce = config.ARGON2_CONCURRENCY + config.ARGON2_QUEUE;
  const created: CreatedAccount[] = [];
  for (let i = 0; i < wanted.length; i += atOnce) {
    const batch = await Promise.all(wanted.slice(i, i + atOnce).map(create));
    created.push(...batch.filter((a) => a !== undefined));
  }
  return created;
}
