import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The first segment of the API's paths (the spec's 107 calls, the units' and vendors' calls, the assistant's). */
const API_PATH =
  '/^(GET |POST |PUT |DELETE )?\\/(api|auth|cmd|create|delete|read|request|reset|update|device|vendor|packages|assistant\\/(statistics|chat_sessions)|upload_\\w+|validate_\\w+)(\\/|$)/';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/meta/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    files: ['apps/web/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal', 'TemplateElement'].map((node) => ({
          selector: `${node}[${node === 'Literal' ? 'value' : 'value.raw'}=${API_PATH}]`,
          message: 'Call the API through its route in @ed/contract/routes/* (callApi, on(route)), not by its path.',
        })),
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'scripts/**', 'bench/**', 'apps/simulator/src/cli.ts', '.ci/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
