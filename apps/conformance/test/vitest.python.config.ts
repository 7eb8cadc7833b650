import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The Python reference unit (examples/python-unit) against the kit: a tier of its own in CI,
 * since it needs Debian's python3-paho-mqtt, which `npm ci` does not bring.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'conformance-python',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'node',
    server: { deps: { inline: [/@ed\/contract/, /@ed\/release-trust/] } },
    include: ['test/python-unit.conformance.ts', 'test/python-release-check.conformance.ts'],
    testTimeout: 120_000,
  },
});
