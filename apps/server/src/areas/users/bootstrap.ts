import { randomBytes } from 'node:crypto';
import type { Role } from '@ed/contract/roles';
import type { Config } from '../../config/env.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../shared/http-error.js';
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
 * Creates an account unless it exists. Several instances starting at once on an empty database
 * all try; the one whose insert lands has created it, the others find it there.
 */
async function createOnce(users: UsersService, account: Parameters<UsersService['create']>[0]): Promise<boolean> {
  try {
    await users.create(account);
    return true;
  } catch (err) {
    if (isUniqueViolation(err) || (err instanceof HttpError && err.statusCode === 409)) return false;
    throw err;
  }
}

/**
 * On first start creates `admin` (ADMIN_PASSWORD, or a generated password shown once),
 * and in demo mode the demo accounts, through the same service the Users screen uses.
 */
export async function bootstrapAccounts(
  config: Config,
  users: UsersService,
  repository: UsersRepository,
): Promise<CreatedAccount[]> {
  const created: CreatedAccount[] = [];
  if ((await repository.count()) === 0) {
    const generated = config.ADMIN_PASSWORD ? undefined : generatePassword();
    const made = await createOnce(users, {
      username: 'admin',
      email: config.ADMIN_EMAIL,
      role: 'admin',
      password: config.ADMIN_PASSWORD ?? generated!,
    });
    // Only the instance that created it shows a generated password.
    if (made) created.push({ username: 'admin', role: 'admin', generatedPassword: generated });
  }
  if (config.DEMO) {
    for (const role of DEMO_ROLES) {
      if (await repository.findByUsername(role)) continue;
      const generated = config.DEMO_PASSWORD ? undefined : generatePassword();
      const domain = config.ADMIN_EMAIL.split('@')[1] ?? 'equipment-dashboard.local';
      const made = await createOnce(users, {
        username: role,
        email: `${role}@${domain}`,
        role,
        password: config.DEMO_PASSWORD ?? generated!,
      });
      if (made) created.push({ username: role, role, generatedPassword: generated });
    }
  }
  return created;
}
