import type { FastifyBaseLogger } from 'fastify';
import type { AlarmCondition } from '@ed/contract/alarms';
import type { VoltageBoard } from '@ed/contract/device-protocol';
import { evaluate, monthIndexOf, voltageVerdict, type UnitFacts, type Verdict } from './alarm-conditions.js';
import type { AlarmFactsRepository, WindowPage } from './alarm-facts.repository.js';
import type { AlarmRuleRow, AlarmRulesRepository } from './alarm-rules.repository.js';
import type { AlarmItem, AlarmsRepository } from './alarms.repository.js';
import { UnitGathering } from '../../shared/unit-gathering.js';

/** Units evaluated per statement: a batch of changes, a page of a window. */
const ALARM_BATCH = 500;
/** Active alarms re-checked per job tick, round the list: a change missed in a crash still clears. */
const RECHECK_PER_TICK = 200;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface RaisedAlarm {
  id: number;
  serialNumber: string;
  details: string;
}

export interface EvaluatorDeps {
  facts: AlarmFactsRepository;
  rules: AlarmRulesRepository;
  alarms: AlarmsRepository;
  /** Milliseconds in an hour of the offline rule: 3,600,000 but in tests. */
  hourMs: number;
  raised: (rule: AlarmRuleRow, alarms: RaisedAlarm[]) => Promise<void>;
  changed: () => void;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

const usersOfFavorites = (rules: AlarmRuleRow[]) =>
  rules.flatMap((r) => (r.condition.kind === 'favorites' ? [r.condition.username] : []));

/**
 * Evaluates the rules incrementally (docs/alarms.md): a unit's change re-evaluates that unit; a
 * threshold of time (offline for N hours, installing for N minutes, specs within N days) is found
 * by the job through a window on an index, from where the rule was last evaluated to now. Nothing
 * reads the whole fleet, whatever its size.
 */
export class AlarmEvaluator {
  private readonly gathering: UnitGathering;
  private recheckAfter = 0;

  constructor(private readonly deps: EvaluatorDeps) {
    this.gathering = new UnitGathering(
      ALARM_BATCH,
      (serials) => this.evaluateSerials(serials),
      (err, units) => deps.logger.error({ err, units }, 'alarm evaluation failed'),
    );
  }

  /** A unit's record changed: evaluated with the others of the next gathering. */
  unitChanged(serialNumber: string): void {
    this.gathering.add(serialNumber);
  }

  /** Evaluates what was gathered (tests call it to wait for the evaluation). */
  flush(): Promise<void> {
    return this.gathering.flush();
  }

  stop(): Promise<void> {
    return this.gathering.stop();
  }

  private async evaluateSerials(serials: string[]): Promise<void> {
    const rules = (await this.deps.rules.enabled()).filter((r) => r.condition.kind !== 'voltage');
    if (rules.length === 0) return;
    const units = await this.deps.facts.bySerials(serials, usersOfFavorites(rules));
    const now = this.deps.clock();
    for (const rule of rules) await this.apply(rule, units, (u) => this.verdict(rule.condition, u, now), now);
  }

  /** The voltage rules on a report just stored. */
  async voltagesReported(serialNumber: string, voltages: VoltageBoard[]): Promise<void> {
    const rules = (await this.deps.rules.enabled()).filter((r) => r.condition.kind === 'voltage');
    if (rules.length === 0) return;
    const equipmentId = await this.deps.facts.idOf(serialNumber);
    if (equipmentId === null) return;
    const verdict = voltageVerdict(voltages);
    const now = this.deps.clock();
    for (const rule of rules) await this.applyOne(rule, equipmentId, serialNumber, verdict, now);
  }

  /** Evaluates a rule on given units at once (a rule created, changed, or its user's favorites). */
  async evaluateUnits(rule: AlarmRuleRow, equipmentIds: number[]): Promise<void> {
    const now = this.deps.clock();
    for (let i = 0; i < equipmentIds.length; i += ALARM_BATCH) {
      const units = await this.deps.facts.byIds(equipmentIds.slice(i, i + ALARM_BATCH), usersOfFavorites([rule]));
      await this.apply(rule, units, (u) => this.verdict(rule.condition, u, now), now);
    }
  }

  /** The job: each time-based rule's window since it was last evaluated, then a round of re-checks. */
  async tick(now: Date): Promise<void> {
    const rules = await this.deps.rules.enabled();
    for (const rule of rules) {
      const from = rule.evaluatedUntil;
      if (from >= now || !this.timed(rule.condition)) continue;
      let after: WindowPage['next'] = null;
      do {
        const page = await this.window(rule.condition, from, now, after);
        if (!page) break;
        const units = await this.deps.facts.byIds(page.ids, []);
        await this.apply(rule, units, (u) => this.verdict(rule.condition, u, now), now);
        after = page.next;
      } while (after);
      // Another instance that took the same window raised the same alarms: raising is idempotent.
      await this.deps.rules.advance(rule.id, from, now);
    }
    await this.recheck(rules);
  }

  private timed(condition: AlarmCondition): boolean {
    return condition.kind === 'offline' || condition.kind === 'install' || condition.kind === 'specsExpiring';
  }

  private verdict(condition: AlarmCondition, unit: UnitFacts, now: Date): Verdict {
    return evaluate(condition, unit, { now, hourMs: this.deps.hourMs });
  }

  private window(condition: AlarmCondition, from: Date, to: Date, after: WindowPage['next']) {
    const { facts } = this.deps;
    const back = (d: Date, ms: number) => new Date(d.getTime() - ms);
    switch (condition.kind) {
      case 'offline': {
        const t = condition.hours * this.deps.hourMs;
        return facts.offlineWindow(back(from, t), back(to, t), after, ALARM_BATCH);
      }
      case 'install': {
        const t = condition.hungMinutes * MINUTE_MS;
        return facts.installWindow(back(from, t), back(to, t), after, ALARM_BATCH);
      }
      case 'specsExpiring': {
        const ahead = (d: Date) => monthIndexOf(new Date(d.getTime() + condition.days * DAY_MS)) - 1;
        const [lo, hi] = [ahead(from), ahead(to)];
        return hi > lo ? facts.specsWindow(lo, hi, after, ALARM_BATCH) : null;
      }
      default:
        return null;
    }
  }

  /** Re-evaluates some active alarms' units, a page per tick round the list. */
  private async recheck(rules: AlarmRuleRow[]): Promise<void> {
    const sample = await this.deps.alarms.activeAfter(this.recheckAfter, RECHECK_PER_TICK);
    this.recheckAfter = sample.length === RECHECK_PER_TICK ? (sample.at(-1)?.id ?? 0) : 0;
    for (const rule of rules) {
      if (rule.condition.kind === 'voltage') continue;
      const ids = sample.filter((a) => a.ruleId === rule.id).map((a) => a.equipmentId);
      if (ids.length > 0) await this.evaluateUnits(rule, ids);
    }
  }

  private async apply(rule: AlarmRuleRow, units: UnitFacts[], judge: (u: UnitFacts) => Verdict, now: Date) {
    const raise: AlarmItem[] = [];
    const clear: { equipmentId: number; stamp?: string }[] = [];
    const serialOf = new Map(units.map((u) => [u.equipmentId, u.serialNumber]));
    for (const { equipmentId, stamp, ...unit } of units) {
      const verdict = judge({ equipmentId, ...unit });
      if (verdict === 'clear') clear.push({ equipmentId, stamp });
      else if (verdict !== 'wait') raise.push({ equipmentId, details: verdict.raise, stamp });
    }
    const cleared = await this.deps.alarms.clear(rule.id, clear, now, null);
    const fresh = await this.deps.alarms.raise(rule.id, raise, now);
    if (cleared > 0 || fresh.length > 0) this.deps.changed();
    if (fresh.length > 0) {
      const alarms = fresh.map((a) => ({
        id: a.id,
        details: a.details,
        serialNumber: serialOf.get(a.equipmentId) ?? '',
      }));
      await this.deps
        .raised(rule, alarms)
        .catch((err: unknown) => this.deps.logger.warn({ err, rule: rule.id }, 'the alarm mail could not be sent'));
    }
  }

  private applyOne(rule: AlarmRuleRow, equipmentId: number, serialNumber: string, verdict: Verdict, now: Date) {
    const unit = { equipmentId, serialNumber } as UnitFacts;
    return this.apply(rule, [unit], () => verdict, now);
  }
}
