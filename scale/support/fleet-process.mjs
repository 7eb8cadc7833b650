// A simulated fleet in a process of its own (forked by fleet.ts): units that connect to the
// broker as real ones do, and answer the parent over IPC with what they hold.
import { once } from 'node:events';
import { startFleet } from '../../apps/simulator/dist/fleet.js';

const options = JSON.parse(process.argv[2]);
const fleet = startFleet({ ...options, offlineShare: 0, churn: 0, seed: 11 });
const bySerial = () => new Map(fleet.units.map((unit) => [unit.serialNumber, unit]));

const ops = {
  ready: async () => {
    await fleet.ready;
    return fleet.units.length;
  },
  online: async () => fleet.units.filter((unit) => unit.online).map((unit) => unit.serialNumber),
  /** Connects and disconnects `times` times as fast as the unit can, then leaves it offline. */
  flap: async ({ serialNumber, times }) => {
    const unit = bySerial().get(serialNumber);
    if (!unit) throw new Error(`no unit ${serialNumber}`);
    for (let i = 0; i < times; i += 1) {
      const back = once(unit, 'online');
      await unit.dropFor(0, 'clean');
      await back;
    }
    await unit.stop();
    return unit.online;
  },
  stop: async () => {
    await fleet.stop();
    return true;
  },
};

process.on('message', (message) => {
  const { id, op, args } = message;
  ops[op](args).then(
    (result) => process.send({ id, result }),
    (error) => process.send({ id, error: error.message }),
  );
});
process.send({ id: 0, result: 'started' });
