import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import apiPathSegments from './packages/contract/src/api-path-segments.json' with { type: 'json' };

/**
 * The first segment of the API's paths: every path of the route table (api-path-segments.json,
 * which a contract test keeps equal to it), and the assistant's own calls. The probes are left
 * out: load balancers and test runners call them by path, as an operator configures them.
 */
const PROBES = new Set(['healthz', 'livez', 'readyz']);
const API_PATH = `/^(GET |POST |PUT |DELETE )?\\/(${[
  ...apiPathSegments.filter((segment) => !PROBES.has(segment)),
  'assistant\\/(statistics|chat_sessions)',
].join('|')})(\\/|$)/`;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // The dev loop's bundle (apps/server/dev.mjs), made from the sources linted here.
      'apps/server/.dev/**',
      '**/node_modules/**',
      '**/drizzle/meta/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // An integrator's script, compiled and linted by its own test against the client it generates.
      'apps/server/test/generated-client/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // --- type-aware gate (begin) ---
  // typescript-eslint's strictTypeChecked for every TypeScript file. The types come from each
  // package's own tsconfig.json (the project service); the few config files that no tsconfig
  // includes are checked in a default project with the base options.
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            '{packages/contract,apps/simulator,apps/conformance,apps/assistant}/vitest.config.ts',
            'apps/assistant/drizzle.config.ts',
          ],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Numbers and booleans print as they should in a message or a path; anything else (an
      // optional value, `any`, an object) is made a string on purpose first. Every option is given:
      // those left out would take the rule's lax defaults, not strictTypeChecked's.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowBoolean: true,
          allowAny: false,
          allowNullish: false,
          allowRegExp: false,
          allowNever: false,
        },
      ],
      // An arrow's short body may call a void function (`() => resolve()`, `() => done(false)`), and
      // a function that returns nothing may end by calling one (`return done(err)` in a callback-style
      // hook): no caller reads that value. A void value used as a value anywhere else is refused.
      '@typescript-eslint/no-confusing-void-expression': [
        'error',
        { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true },
      ],
      // An async function without an await is how this code implements a promise-returning
      // contract: Fastify's async plugins and hooks (Fastify tells them from callback-style ones by
      // the promise they return) and stubs of async interfaces (`close: async () => undefined`).
      // Dropping the `async` would make their errors throw instead of reject. The promise rules
      // (no-floating-promises, no-misused-promises, await-thenable) still check how promises are used.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // JavaScript (scripts, bench, build helpers, this file) has no types to check.
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
  // Non-null assertions stay refused in production code: where a narrowing was natural the code
  // narrows (destructuring, a check, `returnedRow` in apps/server/src/db/rows.ts). These files
  // keep a `!` where it states an invariant of the code beside it, which a check would only
  // repeat as a branch that cannot run (noUncheckedIndexedAccess types every index and regex
  // group as possibly undefined). Needless `!`s are still caught by no-unnecessary-type-assertion.
  {
    files: [
      // A capture group the regex just matched is not optional.
      'packages/contract/src/device-topics.ts',
      'apps/server/src/areas/fleet/broker/proxy-protocol.ts',
      'apps/server/src/ports/device-auth.ts',
      // Index arithmetic over arrays walked in step (a path and its words, two split keys, parallel
      // arrays of one batch, an index kept in bounds by its loop or by a modulo).
      'apps/server/src/areas/fleet/broker/retained-index.ts',
      'apps/server/src/shared/file-store/file-keys.ts',
      'apps/server/src/shared/deliveries.ts',
      'apps/server/src/shared/shared-window-counts.ts',
      'apps/server/src/areas/tickets/tickets.demo.ts',
      'packages/contract/src/serial-number.ts',
      'apps/simulator/src/downloader.ts',
      'apps/simulator/src/prng.ts',
      // A lookup of what the code itself put there: a table's row for each family, the glyph for
      // '?', the records just inserted by their dates, the check whose key the limiter returned,
      // the stored file of the one file given, the sort column under its own name.
      'packages/contract/src/routes/software.ts',
      'packages/contract/src/routes/update-scheduler.ts',
      'apps/simulator/src/reports/bitmap-font.ts',
      'apps/server/src/shared/calibration-records.ts',
      'apps/server/src/areas/auth/sign-in-guard.ts',
      'apps/server/src/shared/file-store/file-store.ts',
      'apps/server/src/areas/aligners/list-statements.ts',
      // What a query's WHERE or the configuration guarantees: a column filtered IS NOT NULL, the
      // first issue of a failed zod parse (it fails with one at least), MQTT_URL when no broker is
      // embedded.
      'apps/server/src/areas/dashboard/dashboard.repository.ts',
      'apps/server/src/areas/software/package-store.ts',
      'apps/server/src/areas/users/users.service.ts',
      'apps/server/src/areas/fleet/broker/mqtt-link.ts',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // The web app's few: a constant table looked up by a key its type allows (spans, steps, EZ
  // packages), an index kept within bounds by the loop or the dialog's step, the first part of a
  // split (there is always one), a serial number a query is enabled for only when it is there.
  {
    files: [
      'apps/web/src/features/easy/components/target-dialogs.tsx',
      'apps/web/src/features/tickets/components/support-ticket-wizard.tsx',
      'apps/web/src/features/trend/components/trend-graph.tsx',
      'apps/web/src/features/trend/utils/trend-window.ts',
      'apps/web/src/features/trupoint/components/pairings-table.tsx',
      'apps/web/src/shared/components/notice-surface.ts',
      'apps/web/src/shared/components/wizard-dialog.tsx',
      'apps/web/src/shared/equipment/api/equipment.ts',
      'apps/web/src/shared/equipment/lib/equipment-text.ts',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // These read a flag again after an await, where another callback may have set it meanwhile
  // (closed, stopped, pushAgain); TypeScript keeps the narrowing from before the await and takes
  // the check for one that cannot change.
  {
    files: [
      'apps/server/src/areas/live/adapter-pool.ts',
      'apps/server/src/areas/live/live-hub.ts',
      'apps/server/src/db/leader-lock.ts',
    ],
    rules: { '@typescript-eslint/no-unnecessary-condition': 'off' },
  },
  // The one file that corrects a library's published types to its runtime (see its header): its
  // casts are the point, even where TypeScript would accept the value without one.
  {
    files: ['apps/server/src/shared/type-adapters.ts'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
  // --- type-aware gate (end) ---
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Accessibility of the web app's markup, at the plugin's strict level. It reads DOM elements;
  // MUI's Button and IconButton render buttons, so they are checked as such. MUI's MenuItem and a
  // Link with `component={RouterLink}` render accessible elements the plugin cannot see through,
  // so they are not mapped; the e2e tests scan every screen as rendered with axe-core.
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
    settings: { 'jsx-a11y': { components: { Button: 'button', IconButton: 'button' } } },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      // A dialog moves focus into itself when it opens (WAI-ARIA APG, dialog pattern): its first
      // field or its safe button takes it with autoFocus; the sign-in pages focus their first field.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  // --- web boundaries (begin) ---
  // The web app's layers depend one way only: shared → features → app (bulletproof-react).
  // A layer is a folder of apps/web/src; each features/<name> is an element of its own.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Loaded here rather than imported at the top, so that this block stays self-contained.
    plugins: { boundaries: (await import('eslint-plugin-boundaries')).default },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      // Relative imports resolve as TypeScript resolves them (no extensions, .ts and .tsx).
      'import/resolver': { typescript: { project: `${import.meta.dirname}/apps/web/tsconfig.json` } },
      'boundaries/elements': [
        { type: 'shared', pattern: 'apps/web/src/shared', partialMatch: false },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'app', pattern: 'apps/web/src/app', partialMatch: false },
        { type: 'testing', pattern: 'apps/web/src/testing', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: 'apps/web/src/**/*.test.{ts,tsx}' },
        // The entry point sits beside the layers and belongs to the app layer.
        { category: 'entry', pattern: 'apps/web/src/main.tsx' },
      ],
      // The lazy screens are dynamic imports, and a re-export is a dependency too.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'boundaries/legacy-templates': false,
    },
    rules: {
      // Every source file belongs to a layer (or is a test).
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // shared/ is the base (api, auth, components, lib, live, equipment): it knows no feature and no app.
            {
              from: { element: { type: 'shared' } },
              allow: { to: { element: { type: 'shared' } } },
            },
            // A feature builds on shared/ and on its own folder only. Features never import each other:
            // what several use moves to shared/, what combines features is composed in app/.
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: [
                  { element: { type: 'shared' } },
                  { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
                ],
              },
            },
            // app/ and main.tsx are the top: routes, frame and providers, composing features and shared/.
            {
              from: [{ element: { type: 'app' } }, { file: { categories: 'entry' } }],
              allow: { to: { element: { type: ['app', 'feature', 'shared'] } } },
            },
            // testing/ (render, fixtures, fake server and socket) wraps shared/ providers; it knows no feature.
            {
              from: { element: { type: 'testing' } },
              allow: { to: { element: { type: ['testing', 'shared'] } } },
            },
            // Test files may use testing/ besides what their own layer may import (the policies above).
            // Production code may not: nothing else allows testing/.
            {
              from: { file: { categories: 'test' } },
              allow: { to: { element: { type: 'testing' } } },
            },
            // Nothing imports a test file.
            {
              disallow: { to: { file: { categories: 'test' } } },
            },
          ],
        },
      ],
    },
  },
  // --- web boundaries (end) ---
  // --- server boundaries (begin) ---
  // The server's import boundaries (docs/architecture.md, "Boundaries"). An area
  // (src/areas/<name>/) is a feature; it sees its own folder, the infrastructure and the ports, never
  // another area. What areas exchange is typed in src/ports/ and reaches them through the wiring:
  // Fastify decorators, set by the owning area's *.plugin.ts. The plugins belong to their area and
  // follow its rule; only the files directly in src/ (app.ts…) are the composition root. Test files
  // are exempt: they may reach into any area.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { boundaries: (await import('eslint-plugin-boundaries')).default },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      // Imports are written `./x.js` and resolve to `./x.ts`, as the compiler resolves them.
      'import/resolver': { typescript: { project: `${import.meta.dirname}/apps/server/tsconfig.json` } },
      // The workspace packages (@ed/contract, @ed/assistant, @ed/simulator) are libraries to the
      // server, like those of node_modules: any layer may use them.
      'boundaries/flag-as-external': { customSourcePatterns: ['@ed/**'] },
      'boundaries/elements': [
        { type: 'area', pattern: 'apps/server/src/areas/*', partialMatch: false, capture: ['area'] },
        { type: 'ports', pattern: 'apps/server/src/ports', partialMatch: false },
        { type: 'shared', pattern: 'apps/server/src/shared', partialMatch: false },
        { type: 'db', pattern: 'apps/server/src/db', partialMatch: false },
        { type: 'config', pattern: 'apps/server/src/config', partialMatch: false },
        { type: 'plugins', pattern: 'apps/server/src/plugins', partialMatch: false },
        // Last, so that only the files directly in src/ are the composition root: app.ts, server.ts,
        // main.ts, demo.ts, fastify.d.ts (the decorations' types) and bundle-loader.ts.
        { type: 'root', pattern: 'apps/server/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          // Whatever no policy allows is refused; imports within one element (an area's own
          // folder, the ports among themselves) are not checked.
          default: 'disallow',
          // An import of a local file that no element describes (outside src/) is refused too.
          checkUnknownLocals: true,
          message:
            '{{from.element.type}} may not import {{#if to.element.type}}{{to.element.type}}{{else}}a file outside the layers{{/if}} ({{dependency.source}}): see "Boundaries" in docs/architecture.md.',
          policies: [
            // The composition root builds the app: it registers every area's plugin and routes.
            {
              from: { element: { type: 'root' } },
              allow: { to: { element: { types: { anyOf: ['area', 'ports', 'shared', 'db', 'config', 'plugins'] } } } },
            },
            // An area uses the infrastructure and the ports; its own files are internal to it.
            {
              from: { element: { type: 'area' } },
              allow: { to: { element: { types: { anyOf: ['ports', 'shared', 'db', 'config', 'plugins'] } } } },
            },
            // Ports are interfaces and tiny helpers over the infrastructure's types: they know no area.
            {
              from: { element: { type: 'ports' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'db', 'config'] } } } },
            },
            // The infrastructure is one layer under everything else: it knows no area and no port.
            {
              from: { element: { types: { anyOf: ['shared', 'db', 'config', 'plugins'] } } },
              allow: { to: { element: { types: { anyOf: ['shared', 'db', 'config', 'plugins'] } } } },
            },
            // Never another area (so no two areas import each other): type the dependency by a port
            // and take the instance from the wiring. Stated on its own for its message.
            {
              from: { element: { type: 'area' } },
              disallow: { to: { element: { type: 'area' } } },
              message:
                'Area "{{from.element.captured.area}}" may not import area "{{to.element.captured.area}}" ({{dependency.source}}): type what it needs by a port in src/ports/ and take the instance from the wiring (docs/architecture.md, "Boundaries").',
            },
          ],
        },
      ],
    },
  },
  // --- server boundaries (end) ---
  // Every call of the API is an entry of the contract's route table (packages/contract/src/routes/):
  // the web app, its tests and the e2e tests name the entry, never its path.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'apps/simulator/src/**/*.ts'],
    // The simulator's tests write the package addresses a server puts in a stage, as units read them.
    ignores: ['apps/simulator/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal', 'TemplateElement'].map((node) => ({
          selector: `${node}[${node === 'Literal' ? 'value' : 'value.raw'}=${API_PATH}]`,
          message:
            'Call the API through its route in @ed/contract/routes/* (callApi, reply(route) in web tests), not by its path.',
        })),
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'scripts/**', 'bench/**', 'apps/simulator/src/cli.ts', '.ci/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // The tests under the type-aware gate, with their helpers.
  {
    files: [
      '**/*.test.{ts,tsx}',
      'apps/server/test/**/*.ts',
      'apps/simulator/src/test-*.ts',
      'apps/web/src/testing/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'scale/**/*.ts',
      'chaos/**/*.ts',
    ],
    rules: {
      // A test reads bodies that are `any` by their API (app.inject's res.json(), fetch's json(),
      // JSON.parse) and writes matchers that are `any` (expect.any(Number)): it checks them by
      // expect, where typing each body first would only restate the contract under test.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // A test reads back the body the app sent, a string there, with String(init.body).
      '@typescript-eslint/no-base-to-string': 'off',
      // A test (and the child process a test starts with known arguments) asserts what it expects
      // to be there (rows[0]!, process.send!, a child's stdout!): a wrong guess fails the test at once.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Hooks assign the fixtures (`let server: …` in beforeAll) and afterAll stops them with `?.`
      // in case a beforeAll failed half-way; polling loops wait for flags a callback sets. TypeScript
      // types the first as always there and the second as never changing.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // `expect(client.release).toHaveBeenCalled()` reads a mock through its object on purpose.
      '@typescript-eslint/unbound-method': 'off',
      // A test builds URLs and messages from what it read (a JSON body's field, an index it expects
      // to be there, an exit code): were one missing, "undefined" in them fails the test anyway.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowBoolean: true,
          allowAny: true,
          allowNullish: true,
          allowRegExp: false,
          allowNever: false,
        },
      ],
    },
  },
);
