import { setTimeout as hold } from 'node:timers/promises';
import type { Cluster } from './cluster.js';
import {
  ALL_DOWN_MS,
  BROKER_DOWN_MS,
  FLAP_OFFLINE_MS,
  FLAP_ONLINE_MS,
  LEAVERS,
  POSTGRES_LONG_MS,
  POSTGRES_SHORT_MS,
  QUICK,
  RESTART_AFTER_MS,
} from './settings.js';

/** One fault of the schedule: `run` causes it, holds it for its duration, and ends it. */
interface Fault {
  name: string;
  /** Left out of a quick run (CHAOS_QUICK=1). */
  long?: boolean;
  run(cluster: Cluster, context: { leavers: string[]; flappers: string[] }): Promise<void>;
}

const s = (ms: number) => `${ms / 1000} s`;

const FAULTS: Fault[] = [
  {
    name: `instance a killed (kill -9), restarted after ${s(RESTART_AFTER_MS)}`,
    run: async ({ instances }) => {
      const a = instances[0]!;
      await a.kill();
      await hold(RESTART_AFTER_MS);
      await a.start();
    },
  },
  {
    name: `instance b stopped (SIGTERM), restarted after ${s(RESTART_AFTER_MS)}`,
    run: async ({ instances }) => {
      const b = instances[1]!;
      await b.stop();
      await hold(RESTART_AFTER_MS);
      await b.start();
    },
  },
  {
    name: `all three instances killed (kill -9) for ${s(ALL_DOWN_MS)}, ${LEAVERS} units leaving meanwhile`,
    long: true,
    run: async ({ instances, fleet }, { leavers, flappers }) => {
      // A connection that begins and ends while no instance listens leaves only its last retained
      // status: nobody could count it (docs/device-protocol.md). The flappers hold still meanwhile.
      await fleet.calm();
      await Promise.all(instances.map((instance) => instance.kill()));
      // Their wills reach the broker while no instance listens.
      await fleet.leave(leavers);
      await hold(ALL_DOWN_MS);
      await Promise.all(instances.map((instance) => instance.start()));
      await fleet.flap(flappers, FLAP_ONLINE_MS, FLAP_OFFLINE_MS);
    },
  },
  {
    name: `Mosquitto restarted (down ${s(BROKER_DOWN_MS)})`,
    run: async ({ services }) => {
      await services.broker.down();
      await hold(BROKER_DOWN_MS);
      await services.broker.up();
    },
  },
  {
    name: `PostgreSQL stopped (fast) for ${s(POSTGRES_SHORT_MS)}`,
    run: async ({ services }) => {
      await services.postgres.stop('fast');
      await hold(POSTGRES_SHORT_MS);
      await services.postgres.start();
    },
  },
  {
    name: `PostgreSQL stopped (fast) for ${s(POSTGRES_LONG_MS)}`,
    long: true,
    run: async ({ services }) => {
      await services.postgres.stop('fast');
      await hold(POSTGRES_LONG_MS);
      await services.postgres.start();
    },
  },
];

/** The schedule, in order; the rollout and the flapping units run through all of it. */
export const SCHEDULE = FAULTS.filter((fault) => !(QUICK && fault.long));

/**
 * An instance that exited by itself during a fault (none should) is named and started again, so
 * the rest of the schedule runs on three.
 */
export async function restartExited(cluster: Cluster): Promise<string[]> {
  const exited = cluster.instances.filter((instance) => !instance.running);
  await Promise.all(exited.map((instance) => instance.start()));
  return exited.map((instance) => `instance ${instance.name} exited by itself:\n${instance.tail(10)}`);
}
