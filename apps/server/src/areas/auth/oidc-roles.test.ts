import { describe, expect, it } from 'vitest';
import { parseRoleMap } from '../../config/oidc-env.js';
import { claimValues, roleFromClaims } from './oidc-roles.js';

const settings = (map: string, defaultRole: 'guest' | null = null) => ({
  roleClaim: 'groups',
  roleMap: parseRoleMap(map).map,
  defaultRole,
});

describe('SSO role mapping', () => {
  it('maps a claim value to its role', () => {
    expect(roleFromClaims({ groups: ['ops', 'eng'] }, settings('eng=engineer,ops=support'))).toBe('engineer');
    expect(roleFromClaims({ groups: 'ops' }, settings('eng=engineer,ops=support'))).toBe('support');
  });

  it('gives the most privileged mapped role whatever the order of the values', () => {
    const map = settings('a=tech,b=admin,c=support');
    expect(roleFromClaims({ groups: ['a', 'b', 'c'] }, map)).toBe('admin');
    expect(roleFromClaims({ groups: ['c', 'a'] }, map)).toBe('support');
  });

  it('falls back to the default role, or refuses without one', () => {
    expect(roleFromClaims({ groups: ['canteen'] }, settings('eng=engineer', 'guest'))).toBe('guest');
    expect(roleFromClaims({}, settings('eng=engineer', 'guest'))).toBe('guest');
    expect(roleFromClaims({ groups: ['canteen'] }, settings('eng=engineer'))).toBeNull();
  });

  it('reads nested claims by a dotted path, and claim names that hold dots as they are', () => {
    expect(claimValues({ realm_access: { roles: ['x', 3, 'y'] } }, 'realm_access.roles')).toEqual(['x', 'y']);
    expect(claimValues({ 'https://example.com/roles': ['r'] }, 'https://example.com/roles')).toEqual(['r']);
    expect(claimValues({ groups: { not: 'a list' } }, 'groups')).toEqual([]);
  });

  it('reads the map as pairs or as JSON, and names a bad role', () => {
    expect([...parseRoleMap('CN=Ops,OU=x=admin').map]).toEqual([]);
    expect(parseRoleMap('CN=Ops,OU=x=admin').problem).toMatch(/maps "CN" to Ops, .* needs the JSON form/);
    expect([...parseRoleMap('{"CN=Ops,OU=x": "admin"}').map]).toEqual([['CN=Ops,OU=x', 'admin']]);
    expect([...parseRoleMap(' a = tech , b=guest ').map]).toEqual([
      ['a', 'tech'],
      ['b', 'guest'],
    ]);
    expect(parseRoleMap('a=root').problem).toMatch(/maps "a" to root, which is not one of admin, engineer/);
  });
});
