/**
 * The chaos tier's forms and timings. The CI form (`npm run test:chaos`) fits the CI budget of a
 * 2-core machine; the long form (`CHAOS_FORM=long`, run three times by `npm run bench:chaos`) is the
 * benchmark's. `CHAOS_UNITS` shrinks the fleet and `CHAOS_QUICK=1` leaves out the two long faults,
 * for a quick run while changing the tier. `CHAOS_SERVER_MAIN` names another checkout's built
 * `apps/server/dist/main.js`, to run the same schedule against the code before a change.
 */
const long = process.env.CHAOS_FORM === 'long';
const seconds = (s: number) => s * 1000;

export const FORM = long ? 'long' : 'ci';
/** Units in the simulated fleet. */
export const UNITS = Number(process.env.CHAOS_UNITS ?? (long ? 2_000 : 1_000));
/** Leaves out the total outage and the long PostgreSQL stop (development runs only). */
export const QUICK = process.env.CHAOS_QUICK === '1';
/** Where a run writes its measurements as JSON (bench/chaos.mjs reads them); unset: nowhere. */
export const REPORT_FILE = process.env.CHAOS_REPORT;

/** The units' heartbeat: the protocol's minimum, so three missed beats take 15 s. */
export const BEAT_SECONDS = 5;
/** The instances' presence sweep (PRESENCE_SWEEP_SECONDS). */
export const SWEEP_SECONDS = 5;
/** A unit offline this long has been offline "1 hour" for the alarm rule (ALARM_HOUR_MS). */
export const ALARM_HOUR_MS = 3_000;
/** The instances' job timer (JOB_INTERVAL_MS): alarms' time-based evaluation among others. */
export const JOB_INTERVAL_MS = 1_000;
/** Seconds between the rollouts' rounds (ROLLOUT_TICK_SECONDS). */
export const ROLLOUT_TICK_SECONDS = 2;
/** Seconds between the update scheduler's rounds (SCHEDULER_TICK_SECONDS)… */
export const SCHEDULER_TICK_SECONDS = 2;
/** …and the units it stages at once (AUTO_STAGE_SLOTS): room for every member a rollout left to it. */
export const AUTO_STAGE_SLOTS = 200;
/** A rollout looks again at a unit it found offline after this long (the server's, docs/rollouts.md). */
export const ROLLOUT_OFFLINE_RETRY_MS = 5 * 60_000;
/** How long a command waits for its answer (COMMAND_TIMEOUT_MS): a tell to a unit is one. */
export const COMMAND_TIMEOUT_MS = 5_000;

/** Units that go offline and come back all along, so presence and alarms move during the faults. */
export const FLAPPERS = 20;
/** A flapper stays online for a random time in this range (ms)… */
export const FLAP_ONLINE_MS: [number, number] = [4_000, 8_000];
/** …then offline for one in this range: longer than the alarm rule's "hour", so alarms are raised. */
export const FLAP_OFFLINE_MS: [number, number] = [4_000, 9_000];
/** Units that leave for good (their line drops) when every instance is down. */
export const LEAVERS = 3;

/** A killed or stopped instance is started again after this long. */
export const RESTART_AFTER_MS = seconds(5);
/** Every instance killed at once for this long: longer than three beats. */
export const ALL_DOWN_MS = seconds(20);
/** PostgreSQL stopped (fast) for this long, then for the long stop. */
export const POSTGRES_SHORT_MS = seconds(10);
export const POSTGRES_LONG_MS = seconds(long ? 90 : 30);
/** Mosquitto down this long before it is started again. */
export const BROKER_DOWN_MS = seconds(3);

/**
 * After a fault, presence is watched at least this long: three beats and a sweep, the time in which
 * a unit whose beats were lost in the fault is swept offline, so a loss that shows late is seen.
 */
export const OBSERVE_MS = seconds(3 * BEAT_SECONDS + SWEEP_SECONDS);
/** Presence must stay equal to the truth this long to count as converged. */
export const STABLE_MS = seconds(BEAT_SECONDS);
/** After this long a fault is recorded as "did not converge". */
export const CONVERGE_LIMIT_MS = seconds(long ? 60 : 30);
/** The bound the checker holds each fault's convergence to: three beats and a sweep. */
export const CONVERGE_BOUND_SECONDS = 3 * BEAT_SECONDS + SWEEP_SECONDS;
/** The bound after the last fault: three beats. */
export const LAST_FAULT_BOUND_SECONDS = 3 * BEAT_SECONDS;
/** A unit whose presence changed less than this ago is not compared yet (its message is on the way). */
export const SETTLE_MS = 2_000;

/** The install of one unit takes about this long in the simulator (poll, download, validate, restart, install). */
export const INSTALL_SECONDS = 25;
/** The rollout's slots are sized so that, unhindered, it would take about this long: it runs through the faults. */
export const ROLLOUT_SPAN_SECONDS = long ? 240 : 120;
/**
 * After the last fault the rollout has this long to complete and its members to report the version
 * (those it set aside while offline are the update scheduler's once it completes).
 */
export const ROLLOUT_DEADLINE_MS = seconds(long ? 240 : 150);
/** The version the rollout delivers: newer than any the simulated aligners run. */
export const ROLLOUT_VERSION = '6.0.0';
