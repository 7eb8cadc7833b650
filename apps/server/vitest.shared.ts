import { configDefaults, defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's integration projects: tests through app.inject on a fresh clone of a migrated
 * database (test/support/global-setup.ts), PGlite or, with DATABASE_URL, PostgreSQL. Each project
 * runs only where what it needs is there, and none skips by design: `server` needs nothing,
 * `server-broker` a Mosquitto (vitest.broker.config.ts), `server-postgres` a PostgreSQL
 * (vitest.postgres.config.ts); the root config lists each where it can run.
 */
export function integrationProject(
  name: string,
  test: Pick<NonNullable<TestProjectInlineConfiguration['test']>, 'include' | 'exclude' | 'env' | 'globalSetup'>,
) {
  return defineProject({
    // The contract is used as TypeScript source in tests, without a build.
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      environment: 'node',
      server: { deps: { inline: [/@ed\/contract/, /@ed\/assistant/, /@ed\/release-trust/] } },
      ...test,
      exclude: [...configDefaults.exclude, ...(test.exclude ?? [])],
      // What the project needs is checked first: a missing service fails at once, before the template.
      globalSetup: [...[test.globalSetup ?? []].flat(), 'test/support/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

/** The suites written for either broker: the server project runs them on the embedded one. */
export const EITHER_BROKER = [
  'test/integration/fleet-commands.test.ts',
  'test/integration/fleet-presence.test.ts',
  'test/integration/tell-once.test.ts',
];
