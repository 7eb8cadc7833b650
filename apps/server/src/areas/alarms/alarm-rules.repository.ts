import { asc, eq, inArray, and } from 'drizzle-orm';
import type { AlarmCondition, AlarmSeverity } from '@ed/contract/alarms';
import type { Db, Tx } from '../../db/client.js';
import { alarmRuleSubscribers, alarmRules, users } from '../../db/schema.js';

export type AlarmRuleRow = typeof alarmRules.$inferSelect;
export interface RuleValues {
  name: string;
  severity: AlarmSeverity;
  enabled: boolean;
  condition: AlarmCondition;
}

/** Alarm rules and their subscribers. */
export class AlarmRulesRepository {
  constructor(private readonly db: Db) {}

  all(): Promise<AlarmRuleRow[]> {
    return this.db.select().from(alarmRules).orderBy(asc(alarmRules.id));
  }

  enabled(): Promise<AlarmRuleRow[]> {
    return this.db.select().from(alarmRules).where(eq(alarmRules.enabled, true)).orderBy(asc(alarmRules.id));
  }

  async find(id: number): Promise<AlarmRuleRow | undefined> {
    const [row] = await this.db.select().from(alarmRules).where(eq(alarmRules.id, id));
    return row;
  }

  async insert(tx: Tx, values: RuleValues & { createdBy: string; evaluatedUntil: Date }): Promise<AlarmRuleRow> {
    const [row] = await tx
      .insert(alarmRules)
      .values({ ...values, kind: values.condition.kind })
      .returning();
    if (!row) throw new Error('the rule was not stored');
    return row;
  }

  async update(tx: Tx, id: number, values: RuleValues & { evaluatedUntil?: Date }, now: Date) {
    const [row] = await tx
      .update(alarmRules)
      .set({ ...values, kind: values.condition.kind, updatedAt: now })
      .where(eq(alarmRules.id, id))
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(alarmRules).where(eq(alarmRules.id, id)).returning({ id: alarmRules.id });
    return rows.length > 0;
  }

  /** The users of these usernames (to subscribe them), with those not found. */
  async usersNamed(db: Db | Tx, usernames: string[]) {
    if (usernames.length === 0) return [];
    return db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, usernames));
  }

  async setSubscribers(tx: Tx, ruleId: number, userIds: number[]): Promise<void> {
    await tx.delete(alarmRuleSubscribers).where(eq(alarmRuleSubscribers.ruleId, ruleId));
    if (userIds.length > 0) await tx.insert(alarmRuleSubscribers).values(userIds.map((userId) => ({ ruleId, userId })));
  }

  /** Subscribers by rule: username and the address to mail (active accounts only). */
  async subscribers(ruleIds: number[]): Promise<Map<number, { username: string; email: string }[]>> {
    const byRule = new Map<number, { username: string; email: string }[]>();
    if (ruleIds.length === 0) return byRule;
    const rows = await this.db
      .select({ ruleId: alarmRuleSubscribers.ruleId, username: users.username, email: users.email })
      .from(alarmRuleSubscribers)
      .innerJoin(users, eq(users.id, alarmRuleSubscribers.userId))
      .where(and(inArray(alarmRuleSubscribers.ruleId, ruleIds), eq(users.active, true)))
      .orderBy(asc(users.username));
    for (const r of rows) byRule.set(r.ruleId, [...(byRule.get(r.ruleId) ?? []), r]);
    return byRule;
  }

  /** Moves the rule's window from `from` to `to`, unless another instance already did (compare-and-set). */
  async advance(id: number, from: Date, to: Date): Promise<boolean> {
    const rows = await this.db
      .update(alarmRules)
      .set({ evaluatedUntil: to })
      .where(and(eq(alarmRules.id, id), eq(alarmRules.evaluatedUntil, from)))
      .returning({ id: alarmRules.id });
    return rows.length > 0;
  }
}
