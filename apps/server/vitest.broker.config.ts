import { EITHER_BROKER, integrationProject } from './vitest.shared.js';

// The tests that need a Mosquitto: the suites written for either broker again on the machine's
// (MQTT_TEST_URL), two instances sharing it (namespaces, traces), and brokers the tests start
// from the machine's Mosquitto binaries (anonymous clients refused, the units' accounts).
export default integrationProject('server-broker', {
  include: [...EITHER_BROKER, 'test/broker/**/*.test.ts'],
  env: { TEST_BROKER: 'external' },
  globalSetup: ['test/support/needs-mosquitto.ts'],
});
