import { ROLES, type Role } from '@ed/contract/roles';
import type { SsoSettings } from '../../config/oidc-env.js';

/**
 * The claim's values: a claim named as given (names may hold dots, such as URLs), else the
 * dotted path into nested claims (Keycloak's realm_access.roles). A string or a list of them.
 */
export function claimValues(claims: Record<string, unknown>, name: string): string[] {
  let value: unknown = claims[name];
  if (value === undefined && name.includes('.')) {
    value = name
      .split('.')
      .reduce<unknown>(
        (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
        claims,
      );
  }
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * The role the claim grants: of the values that map, the most privileged role (the order of
 * ROLES), so that the answer does not depend on the order the provider lists groups in; the
 * default role when none maps; null (refuse) when there is no default.
 */
export function roleFromClaims(
  claims: Record<string, unknown>,
  settings: Pick<SsoSettings, 'roleClaim' | 'roleMap' | 'defaultRole'>,
): Role | null {
  const mapped = claimValues(claims, settings.roleClaim)
    .map((value) => settings.roleMap.get(value))
    .filter((role): role is Role => role !== undefined);
  if (mapped.length === 0) return settings.defaultRole;
  return ROLES.find((role) => mapped.includes(role)) ?? settings.defaultRole;
}
