import type { DemoFleetDriver } from '@ed/contract/demo-fleet';
import { FileCredentialStore } from './credential-store.js';
import { startFieldDemo } from './field-demo.js';
import { startFleet } from './fleet.js';

/**
 * The simulated fleet of the console's demo mode (`npm start`): the server loads this module by
 * the name in DEMO_FLEET_DRIVER and drives it through the contract's DemoFleetDriver.
 */
export const demoFleetDriver: DemoFleetDriver = {
  startFleet(options) {
    const fleet = startFleet({
      units: options.units,
      serverUrl: options.serverUrl,
      mqttUrl: options.mqttUrl,
      enrollmentKey: options.enrollmentKey,
      addressHeaders: (ip) => options.addressHeaders(ip),
      credentials: new FileCredentialStore(options.credentialsFile),
      churn: options.churn,
      assistantUrl: options.assistantUrl,
      installOutcomes: options.installOutcomes,
      trustRoot: options.trustRoot,
      logger: options.logger,
    });
    return {
      units: fleet.units,
      ready: fleet.ready,
      setInstallOutcomes: (outcomes) => fleet.setInstallOutcomes(outcomes),
      stop: () => fleet.stop(),
      startField: (field) => startFieldDemo({ serverUrl: options.serverUrl, units: fleet.units, ...field }),
    };
  },
};
