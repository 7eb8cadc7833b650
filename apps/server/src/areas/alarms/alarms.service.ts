import {
  ALARM_RULES_MAX,
  RULE_CHANGED_CLEARER,
  describeCondition,
  type AlarmCondition,
  type AlarmRule,
} from '@ed/contract/alarms';
import type { z } from 'zod';
import type { alarmsQuerySchema, createAlarmRuleSchema } from '@ed/contract/alarms';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../shared/domain-error.js';
import type { AlarmEvaluator } from './alarm-evaluator.js';
import type { AlarmFactsRepository } from './alarm-facts.repository.js';
import type { AlarmRuleRow, AlarmRulesRepository } from './alarm-rules.repository.js';
import type { AlarmsRepository } from './alarms.repository.js';

type RuleInput = z.infer<typeof createAlarmRuleSchema>;
type AlarmsQuery = z.infer<typeof alarmsQuerySchema>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/**
 * How far back a new rule looks (docs/alarms.md): a unit offline for a week is taken to be out of
 * use, not "usually online"; an install stuck for a day is still news; specs that ran out within
 * the month are still worth a call.
 */
const LOOKBACK_MS: Partial<Record<AlarmCondition['kind'], number>> = {
  offline: 7 * 24 * HOUR_MS,
  install: 24 * HOUR_MS,
  specsExpiring: 30 * DAY_MS,
};
const FAVORITES_PAGE = 1000;

/** Alarm rules, the alarms they raise, and the people's actions on them (docs/alarms.md). */
export class AlarmsService {
  constructor(
    private readonly deps: {
      db: Db;
      rules: AlarmRulesRepository;
      alarms: AlarmsRepository;
      facts: AlarmFactsRepository;
      evaluator: AlarmEvaluator;
      changed: () => void;
      clock: () => Date;
    },
  ) {}

  async listRules(): Promise<AlarmRule[]> {
    const rows = await this.deps.rules.all();
    const [active, subscribers] = await Promise.all([
      this.deps.alarms.activeByRule(),
      this.deps.rules.subscribers(rows.map((r) => r.id)),
    ]);
    return rows.map((row) =>
      this.toRule(row, subscribers.get(row.id)?.map((s) => s.username) ?? [], active.get(row.id)),
    );
  }

  async create(username: string, input: RuleInput): Promise<AlarmRule> {
    const now = this.deps.clock();
    if ((await this.deps.rules.all()).length >= ALARM_RULES_MAX) {
      throw conflict(`There are already ${ALARM_RULES_MAX} alarm rules; delete one first.`);
    }
    await this.checkFavoritesUser(input.condition);
    const row = await this.deps.db.transaction(async (tx) => {
      const userIds = await this.subscriberIds(tx, input.subscribers);
      const created = await this.deps.rules.insert(tx, {
        ...input,
        createdBy: username,
        evaluatedUntil: this.startOfWindow(input.condition, now),
      });
      await this.deps.rules.setSubscribers(tx, created.id, userIds);
      return created;
    });
    await this.evaluateAtOnce(row);
    return this.toRule(row, input.subscribers, 0);
  }

  async update(id: number, input: RuleInput): Promise<AlarmRule> {
    const now = this.deps.clock();
    const before = await this.deps.rules.find(id);
    if (!before) throw notFound(`There is no alarm rule ${id}.`);
    await this.checkFavoritesUser(input.condition);
    const conditionChanged = JSON.stringify(before.condition) !== JSON.stringify(input.condition);
    const restart = conditionChanged || (input.enabled && !before.enabled);
    const row = await this.deps.db.transaction(async (tx) => {
      const userIds = await this.subscriberIds(tx, input.subscribers);
      const updated = await this.deps.rules.update(
        tx,
        id,
        { ...input, ...(restart ? { evaluatedUntil: this.startOfWindow(input.condition, now) } : {}) },
        now,
      );
      await this.deps.rules.setSubscribers(tx, id, userIds);
      return updated;
    });
    if (!row) throw notFound(`There is no alarm rule ${id}.`);
    // A changed condition is a new rule: what the old one raised no longer says anything.
    if (conditionChanged || !input.enabled) {
      const cleared = await this.deps.alarms.clear(id, null, now, RULE_CHANGED_CLEARER);
      if (cleared > 0) this.deps.changed();
    }
    if (restart) await this.evaluateAtOnce(row);
    return this.toRule(row, input.subscribers, (await this.deps.alarms.activeByRule()).get(id));
  }

  async delete(id: number): Promise<{ message: string }> {
    const row = await this.deps.rules.find(id);
    if (!row || !(await this.deps.rules.delete(id))) throw notFound(`There is no alarm rule ${id}.`);
    this.deps.changed();
    return { message: `Alarm rule ${row.name} deleted.` };
  }

  list(query: AlarmsQuery) {
    const acknowledged = query.acknowledged === undefined ? undefined : query.acknowledged === 'true';
    return this.deps.alarms.list({ ...query, acknowledged });
  }

  /** The list's rows for an export: the same filter, read a page at a time. */
  exportSource(query: Omit<AlarmsQuery, 'page'>) {
    const filter = {
      ...query,
      acknowledged: query.acknowledged === undefined ? undefined : query.acknowledged === 'true',
    };
    return {
      count: () => this.deps.alarms.count(filter),
      page: (offset: number, limit: number) => this.deps.alarms.rows(filter, offset, limit),
    };
  }

  counts() {
    return this.deps.alarms.counts();
  }

  async acknowledge(username: string, ids: number[]) {
    const changed = await this.deps.alarms.acknowledge(ids, username, this.deps.clock());
    if (changed > 0) this.deps.changed();
    return { changed };
  }

  async clear(username: string, ids: number[]) {
    const changed = await this.deps.alarms.clearByHand(ids, username, this.deps.clock());
    if (changed > 0) this.deps.changed();
    return { changed };
  }

  private startOfWindow(condition: AlarmCondition, now: Date): Date {
    return new Date(now.getTime() - (LOOKBACK_MS[condition.kind] ?? 0));
  }

  /** A favorites rule looks at its user's favorites at once; the others wait for the job or a change. */
  private async evaluateAtOnce(rule: AlarmRuleRow): Promise<void> {
    if (!rule.enabled || rule.condition.kind !== 'favorites') return;
    let after = 0;
    for (;;) {
      const ids = await this.deps.facts.favoritesOfUser(rule.condition.username, after, FAVORITES_PAGE);
      await this.deps.evaluator.evaluateUnits(rule, ids);
      if (ids.length < FAVORITES_PAGE) return;
      after = ids.at(-1) ?? after;
    }
  }

  private async checkFavoritesUser(condition: AlarmCondition): Promise<void> {
    if (condition.kind !== 'favorites') return;
    const found = await this.deps.rules.usersNamed(this.deps.db, [condition.username]);
    if (found.length === 0) throw badRequest(`There is no user ${condition.username}.`, 'condition.username');
  }

  private async subscriberIds(tx: Parameters<AlarmRulesRepository['setSubscribers']>[0], usernames: string[]) {
    const unique = [...new Set(usernames)];
    const found = await this.deps.rules.usersNamed(tx, unique);
    const missing = unique.filter((u) => !found.some((f) => f.username === u));
    if (missing.length > 0) throw badRequest(`There is no user ${missing.join(', ')}.`, 'subscribers');
    return found.map((f) => f.id);
  }

  private toRule(row: AlarmRuleRow, subscribers: string[], active = 0): AlarmRule {
    return {
      id: row.id,
      name: row.name,
      severity: row.severity,
      enabled: row.enabled,
      condition: row.condition,
      description: describeCondition(row.condition),
      subscribers,
      createdBy: row.createdBy,
      activeAlarms: active,
    };
  }
}
