import { writeFile } from 'node:fs/promises';
import {
  alarmProblems,
  connectProblems,
  presenceProblems,
  reportProblems,
  rolloutProblems,
  type RolloutFigures,
} from './checks.js';
import type { Outcome } from './schedule.js';
import { CONVERGE_LIMIT_MS, FLAPPERS, FORM, REPORT_FILE, UNITS } from './settings.js';

/** The checker's verdicts, one list of problems per check (empty: it holds). */
interface Verdicts {
  presence: string[];
  rollout: string[];
  reports: string[];
  alarms: string[];
  connects: string[];
}

/** What one run measured, as bench/chaos.mjs reads it to make its table. */
export interface RunMeasures {
  form: string;
  units: number;
  flappers: number;
  /** After this long a fault counts as "did not converge". */
  convergeLimitSeconds: number;
  faults: { name: string; seconds: number | null }[];
  rolloutState: string;
  rollout: RolloutFigures;
  lostReports: number;
  notStored: number;
  /** Other "not stored" errors (a trend sample during an outage), which lose no unit's message. */
  otherNotStored: number;
  duplicateAlarms: number;
  /** Alarms whose raise time fell in an episode other than their own (the server learned late). */
  lateAlarms: number;
  connectMismatches: number;
  verdicts: Verdicts;
}

/** Every check evaluated, whatever the others found. */
export function judge(outcome: Outcome): RunMeasures {
  const s = outcome.snapshot;
  const rollout = rolloutProblems(s, outcome.faults, outcome.rolloutWaitSeconds);
  const reports = reportProblems(s);
  const alarms = alarmProblems(s, outcome.faults);
  const connects = connectProblems(s, outcome.faults);
  return {
    form: FORM,
    units: UNITS,
    flappers: FLAPPERS,
    convergeLimitSeconds: CONVERGE_LIMIT_MS / 1000,
    faults: outcome.faults.map((f) => ({ name: f.name, seconds: f.convergence.seconds })),
    rolloutState: s.rollout.state,
    rollout: rollout.figures,
    lostReports: reports.lost,
    notStored: Object.values(s.notStored).reduce((sum, n) => sum + n.count, 0),
    otherNotStored: Object.values(s.notStored).reduce((sum, n) => sum + n.other, 0),
    duplicateAlarms: alarms.duplicates,
    lateAlarms: alarms.lateAttributions,
    connectMismatches: connects.mismatches,
    verdicts: {
      presence: presenceProblems(outcome.faults, outcome.finalPresence),
      rollout: rollout.problems,
      reports: reports.problems,
      alarms: alarms.problems,
      connects: connects.problems,
    },
  };
}

/** Writes the run's measures where CHAOS_REPORT names (the long form's runs). */
export async function saveMeasures(measures: RunMeasures): Promise<void> {
  if (REPORT_FILE) await writeFile(REPORT_FILE, JSON.stringify(measures, null, 2));
}

/** A short account of the run for the log: each fault's convergence and the checker's counts. */
export function summary(m: RunMeasures): string {
  const lines = m.faults.map((f) => `  ${f.name}: ${f.seconds === null ? 'did not converge' : `${f.seconds} s`}`);
  lines.push(
    `  rollout ${m.rolloutState}: ${m.rollout.told} of ${m.rollout.members} members told (${m.rollout.stages} stages), ` +
      `${m.rollout.installedOnce} installed once, ${m.rollout.toldTwiceOnOneConnection} told twice on one connection`,
    `  lost reports ${m.lostReports}, "not stored" errors ${m.notStored} (and ${m.otherNotStored} of no unit's message), duplicate alarms ${m.duplicateAlarms} ` +
      `(${m.lateAlarms} raised late), ` +
      `connect-count mismatches ${m.connectMismatches}`,
  );
  return `chaos (${m.form}, ${m.units} units):\n${lines.join('\n')}`;
}
