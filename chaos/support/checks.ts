import type { UnitTruth } from './fleet.js';
import { wrongCount, type Convergence, type PresenceDiff } from './presence.js';
import { CONVERGE_LIMIT_MS, ROLLOUT_OFFLINE_RETRY_MS, ROLLOUT_VERSION, SETTLE_MS } from './settings.js';
import type { Member, Snapshot } from './snapshot.js';
import { whenIn, type FaultWindow } from './timeline.js';

/** Serial numbers named in a message; the count says how many there were. */
const EXAMPLES = 5;

export interface FaultResult extends FaultWindow {
  convergence: Convergence;
  /** The longest convergence the checker accepts after this fault, in seconds. */
  boundSeconds: number;
  /** Instances that exited by themselves during the fault. */
  exited: string[];
  /** Units whose connect count was first seen wrong after this fault. */
  newlyMiscounted: string[];
}

const examples = (items: string[]) => `${items.slice(0, EXAMPLES).join(', ')}${items.length > EXAMPLES ? ', …' : ''}`;
const some = (what: string, items: string[]) => `${items.length} ${what} (e.g. ${examples(items)})`;

function describeDiff(diff: PresenceDiff): string {
  if (diff.unreadable) return `the console could not be read: ${diff.unreadable}`;
  const parts = [];
  if (diff.shownOffline.length > 0) parts.push(some('units shown offline that are online', diff.shownOffline));
  if (diff.shownOnline.length > 0) parts.push(some('units shown online that are offline', diff.shownOnline));
  return parts.join('; ');
}

/** 1. Presence after each fault within its bound, and right at the end. */
export function presenceProblems(faults: FaultResult[], final: PresenceDiff): string[] {
  const problems: string[] = [];
  for (const fault of faults) {
    const { seconds, last } = fault.convergence;
    if (seconds === null) {
      problems.push(
        `after "${fault.name}": did not converge within ${CONVERGE_LIMIT_MS / 1000} s: ${describeDiff(last)}`,
      );
    } else if (seconds > fault.boundSeconds) {
      problems.push(
        `after "${fault.name}": converged after ${seconds} s, over the ${fault.boundSeconds} s bound; ` +
          `before that: ${describeDiff(last)}`,
      );
    }
    for (const exited of fault.exited) problems.push(`during "${fault.name}": ${exited}`);
  }
  if (wrongCount(final) > 0 || final.unreadable) problems.push(`at the end: ${describeDiff(final)}`);
  return problems;
}

export interface RolloutFigures {
  members: number;
  told: number;
  installedOnce: number;
  /** Stage commands of the version the members received in all. */
  stages: number;
  /** Members told twice on one connection, which the protocol says does not happen (a figure, not a failure). */
  toldTwiceOnOneConnection: number;
}

/** 2. The rollout completed, and every member was told and installed the version exactly once. */
export function rolloutProblems(
  s: Snapshot,
  faults: FaultWindow[],
  waitedSeconds: number,
): { problems: string[]; figures: RolloutFigures } {
  // A member named in a message says where the rollout had it: its state, why, and when it was staged.
  const when = (at: Date | null) => (at ? whenIn(faults, at.getTime()) : '');
  const truth = new Map(s.truth.map((t) => [t.serialNumber, t]));
  const where = (m: Member) => {
    const setAside = m.retryAt && new Date(m.retryAt.getTime() - ROLLOUT_OFFLINE_RETRY_MS);
    const seen = m.stagedAt ? `, staged ${when(m.stagedAt)}` : setAside ? `, set aside ${when(setAside)}` : '';
    const unit = truth.get(m.serialNumber);
    const now = unit ? `; the unit: ${unit.version}/${unit.updateState}` : '';
    return `${m.serialNumber} (${m.state}${m.reason ? `: ${m.reason}` : ''}${seen}${now})`;
  };
  const problems: string[] = [];
  const r = s.rollout;
  if (r.state !== 'completed') {
    const byState = new Map<string, number>();
    for (const m of s.members) byState.set(m.state, (byState.get(m.state) ?? 0) + 1);
    const states = [...byState].map(([state, n]) => `${state} ${n}`).join(', ');
    problems.push(
      `the rollout is ${r.state} ${waitedSeconds} s after the last fault: ${r.completed} of ${r.total} completed, ` +
        `${r.failed} failed, ${r.hung} hung; members by state: ${states}` +
        (r.pausedReason ? `; paused: ${r.pausedReason}` : ''),
    );
  }
  const notTold: string[] = [];
  const notInstalled: string[] = [];
  const twice: string[] = [];
  const toldTwice: string[] = [];
  let stages = 0;
  for (const member of s.members) {
    const { serialNumber } = member;
    const t = truth.get(serialNumber);
    const stagesOf = (t?.stageReceived ?? []).filter((stage) => stage.version === ROLLOUT_VERSION);
    stages += stagesOf.length;
    const installs = t?.installs[ROLLOUT_VERSION] ?? 0;
    if (stagesOf.length === 0) notTold.push(where(member));
    else if (installs === 0) notInstalled.push(where(member));
    if (installs > 1) twice.push(`${serialNumber} (${installs} times)`);
    const seqs = stagesOf.map((stage) => stage.connectionSeq).filter((seq) => seq !== null);
    if (new Set(seqs).size < seqs.length) toldTwice.push(serialNumber);
  }
  const members = s.members.length;
  if (notTold.length > 0)
    problems.push(`${some('members were never told (no stage received)', notTold)} of ${members}`);
  if (notInstalled.length > 0) problems.push(some('members were told but never installed', notInstalled));
  if (twice.length > 0) problems.push(some(`members installed ${ROLLOUT_VERSION} more than once`, twice));
  const installedOnce = s.members.filter((m) => truth.get(m.serialNumber)?.installs[ROLLOUT_VERSION] === 1).length;
  const figures = {
    members,
    told: members - notTold.length,
    installedOnce,
    stages,
    toldTwiceOnOneConnection: toldTwice.length,
  };
  return { problems, figures };
}

/** 3. The console's version and update state are the unit's, and no instance lost a message. */
export function reportProblems(s: Snapshot): { problems: string[]; lost: number } {
  const differ: string[] = [];
  for (const t of s.truth) {
    // A report the unit made just now may be on its way: no loss.
    if (s.takenAt - t.stateChangedAt < SETTLE_MS) continue;
    const held = s.units.get(t.serialNumber);
    const state = t.updateState;
    if (held?.version === t.version && held.updateState === state) continue;
    differ.push(
      held
        ? `${t.serialNumber}: console ${held.version}/${held.updateState}, unit ${t.version}/${state}`
        : `${t.serialNumber}: not in the console`,
    );
  }
  const problems = differ.length > 0 ? [some("units' version or update state differ", differ)] : [];
  for (const [name, { count, lines }] of Object.entries(s.notStored)) {
    if (count > 0) problems.push(`instance ${name} logged ${count} "not stored" errors, first: ${lines.join(' | ')}`);
  }
  return { problems, lost: differ.length };
}

/** 4. At most one alarm of the offline rule per unit and offline episode; each named by when it was raised. */
export function alarmProblems(
  s: Snapshot,
  faults: FaultWindow[],
): { problems: string[]; duplicates: number; lateAttributions: number; lateExamples: string } {
  const when = (at: number) => whenIn(faults, at);
  const over: string[] = [];
  const sameEpisode: string[] = [];
  const withoutEpisode: string[] = [];
  for (const t of s.truth) {
    const raised = s.alarms.get(t.serialNumber) ?? [];
    if (raised.length > t.offlineEpisodes) {
      // When each alarm was raised and each episode began, so a failure says where to look.
      const offline = t.offlineAt.map(when).join(', ') || 'never';
      over.push(
        `${t.serialNumber} (${raised.length} alarms, ${t.offlineEpisodes} episodes: ` +
          `raised ${raised.map(when).join(' and ')}; offline ${offline})`,
      );
    }
    const episodes = raised.map((at) => episodeAt(t, at));
    const orphans = raised.filter((_, i) => episodes[i]! < 0);
    if (orphans.length > 0) withoutEpisode.push(`${t.serialNumber} (raised ${orphans.map(when).join(', ')})`);
    const repeated = episodes.find((e, i) => e >= 0 && episodes.indexOf(e) !== i);
    if (repeated !== undefined) {
      const twice = raised.filter((_, i) => episodes[i] === repeated).map(when);
      sameEpisode.push(`${t.serialNumber} (offline ${when(t.offlineAt[repeated]!)}; raised ${twice.join(' and ')})`);
    }
  }
  // More alarms than episodes is a duplicate whatever the timing. The time an alarm was raised says
  // which episode it belongs to only while the server hears at once: after a database outage it
  // learns of an episode late (its messages were held and retried), so those are figures, not failures.
  const problems = [];
  if (over.length > 0) problems.push(some('units have more alarms than offline episodes', over));
  const late = [...sameEpisode, ...withoutEpisode];
  return { problems, duplicates: over.length, lateAttributions: late.length, lateExamples: examples(late) };
}

/** The offline episode an alarm raised at `at` belongs to: the last one begun before it; -1: none. */
function episodeAt(t: UnitTruth, at: number): number {
  let found = -1;
  t.offlineAt.forEach((start, i) => {
    if (start <= at) found = i;
  });
  return found;
}

/** 5. The console counted each unit's connections exactly (those the unit knows of); a wrong count is named by the fault after which it showed. */
export function connectProblems(s: Snapshot, faults: FaultResult[]): { problems: string[]; mismatches: number } {
  const differ: string[] = [];
  for (const t of s.truth) {
    const held = s.units.get(t.serialNumber)?.connectCount ?? 0;
    // A connection the unit gave up before its CONNACK may have reached the broker (its will then
    // tells the server): the only connections whose count the unit cannot know itself.
    const most = t.connections + t.unconfirmedConnections;
    if (held < t.connections || held > most) {
      const range = most > t.connections ? `${t.connections}–${most}` : `${t.connections}`;
      differ.push(`${t.serialNumber} (console ${held}, unit ${range})`);
    }
  }
  if (differ.length === 0) return { problems: [], mismatches: 0 };
  const after = faults
    .filter((f) => f.newlyMiscounted.length > 0)
    .map((f) => `${f.newlyMiscounted.length} after "${f.name}"`);
  const first = after.length > 0 ? `; first seen wrong: ${after.join(', ')}` : '';
  return { problems: [`${some('units have a wrong connect count', differ)}${first}`], mismatches: differ.length };
}
