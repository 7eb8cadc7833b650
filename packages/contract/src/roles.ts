import { z } from 'zod';
import { ROLES } from './role-names.js';

export { ROLES };
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  engineer: 'Engineer',
  support_lvl2: 'Support Level 2',
  support: 'Support',
  tech: 'Tech',
  ezadas: 'EZ ADAS',
  guest: 'Guest',
};

export const sessionUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
