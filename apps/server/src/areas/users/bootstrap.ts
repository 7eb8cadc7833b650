import { randomBytes } from 'node:crypto';
import type { Role } from '@ed/contract/roles';
import type { Config } from '../../config/env.js';
import type { UsersRepository } from './users.repository.js';
import type { UsersService } from './users.service.js';

export interface CreatedAccount {
  username: string;
  role: Role;
  /** Present only when the password was generated here, so it can be shown once. */
  generatedPassword?: string;
}

const generatePassword = () => randomBytes(15).toString('base64url');

/** One demo account per role besides admin, so each role's view can be tried. */
const DEMO_ROLES: Role[] = ['engineer', 'support_lvl2', 'support', 'tech', 'ezadas', 'guest'];

/**
 * On first start creates `admin` (ADMIN_PASSWORD, or a generated password shown once), and in
 * demo mode the demo accounts, through the same service the Users screen uses. Several instances
 * may start at once on an empty database: each account is inserted by exactly one of them (the
 * unique index decides), and only that one reports it, so a generated password is shown once.
 */
export async function bootstrapAccounts(
  config: Config,
  users: UsersService,
  repository: UsersRepository,
): Promise<CreatedAccount[]> {
  const created: CreatedAccount[] = [];
  const create = async (username: string, role: Role, email: string, given: string | undefined) => {
    const generated = given ? undefined : generatePassword();
    const row = await users.createIfAbsent({ username, email, role, password: given ?? generated! });
    if (row) created.push({ username, role, generatedPassword: generated });
  };
  if ((await repository.count()) === 0) await create('admin', 'admin', config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (config.DEMO) {
    const domain = config.ADMIN_EMAIL.split('@')[1] ?? 'equipment-dashboard.local';
    for (const role of DEMO_ROLES) await create(role, role, `${role}@${domain}`, config.DEMO_PASSWORD);
  }
  return created;
}
