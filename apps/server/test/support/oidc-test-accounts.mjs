// The test provider's people: a login, a password, and the claims a directory would hold for them.
// Their `groups` is what the console's role mapping reads (OIDC_ROLE_CLAIM=groups in the tests).
// `emailVerified` is their email_verified claim (true unless said; null: not sent), and
// `preferredUsername: null` sends no preferred_username (the login otherwise).

export const PROVIDER_PASSWORD = 'provider-password';

const seed = [
  { login: 'sso.engineer', name: 'Sam Engineer', groups: ['dashboard-engineers'] },
  { login: 'sso.admin', name: 'Ada Admin', groups: ['dashboard-engineers', 'dashboard-admins'] },
  { login: 'sso.support', name: 'Sue Support', groups: ['dashboard-support'] },
  { login: 'sso.visitor', name: 'Vic Visitor', groups: ['canteen'] },
  // Same username as the console's own `admin`: a local account the provider must not take over.
  { login: 'admin', name: 'Not The Admin', groups: ['dashboard-admins'] },
  // Addresses the provider does not vouch for: anyone can type one into a profile.
  { login: 'sso.unverified', name: 'Uma Unverified', groups: ['dashboard-engineers'], emailVerified: false },
  { login: 'sso.unstated', name: 'Ulf Unstated', groups: ['dashboard-engineers'], emailVerified: null },
  // No preferred_username: the e-mail address is the only candidate for a username.
  { login: 'mail.verified', name: 'Mia Mail', groups: ['dashboard-support'], preferredUsername: null },
  {
    login: 'mail.unverified',
    name: 'Mal Mail',
    groups: ['dashboard-admins'],
    preferredUsername: null,
    emailVerified: false,
  },
];

/** Accounts by login, each with a stable subject that is not the login (as directories do). */
export function createAccounts() {
  const accounts = new Map();
  seed.forEach((person, i) => {
    accounts.set(person.login, {
      sub: `subject-${i + 1}-${person.login.replace(/\W/g, '')}`,
      login: person.login,
      name: person.name,
      email: `${person.login}@provider.example`,
      emailVerified: person.emailVerified === undefined ? true : person.emailVerified,
      preferredUsername: person.preferredUsername === null ? null : person.login,
      groups: [...person.groups],
    });
  });
  return {
    byLogin: (login) => accounts.get(login),
    bySubject: (sub) => [...accounts.values()].find((a) => a.sub === sub),
    /** What an administrator of the directory changes between two sign-ins. */
    update(login, changes) {
      const account = accounts.get(login);
      if (!account) return false;
      if (Array.isArray(changes.groups)) account.groups = changes.groups.map(String);
      return true;
    },
  };
}

/** The OIDC claims of an account, by scope (oidc-provider's `findAccount().claims`). */
export function claimsOf(account) {
  return {
    sub: account.sub,
    name: account.name,
    ...(account.preferredUsername !== null && { preferred_username: account.preferredUsername }),
    email: account.email,
    ...(account.emailVerified !== null && { email_verified: account.emailVerified }),
    groups: account.groups,
  };
}
