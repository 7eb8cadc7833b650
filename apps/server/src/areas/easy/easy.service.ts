import {
  ezMessages,
  ezPackageName,
  INCLUDED_PACKAGE,
  type ActivationResponse,
  type Fixture,
  type Target,
} from '@ed/contract/easy';
import { badRequest, conflict, forbidden, notFound } from '../../shared/domain-error.js';
import type { EasyRepository, FixtureRow, TargetRow } from './easy.repository.js';

export interface SubscriptionChange {
  serialNumber: string;
  package: number;
  month?: number | null;
  day?: number | null;
  year?: number | null;
}

export const fixtureView = (row: FixtureRow): Fixture => ({
  serialNumber: row.serialNumber,
  activationCount: row.activationCount,
  subscriptionPackage: row.subscriptionPackage,
  subscriptionExpires: row.subscriptionExpires?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const targetView = (row: TargetRow): Target => ({
  targetName: row.targetName,
  targetId: row.targetId,
  packageIndex: row.packageIndex,
  packageName: ezPackageName(row.packageIndex) ?? String(row.packageIndex),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const endOfDayUtc = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999));
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** EZ ADAS rules: fixtures and their subscriptions, targets, and units' activations. */
export class EasyService {
  constructor(
    private readonly repository: EasyRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createFixture(serialNumber: string): Promise<boolean> {
    return this.repository.createFixture(serialNumber);
  }

  /** 'reset', or 'none' when the count already was 0 (the call then answers 204). */
  async resetFixture(serialNumber: string): Promise<'reset' | 'none'> {
    return this.repository.db.transaction(async (tx) => {
      const fixture = await this.repository.findFixture(serialNumber, tx, true);
      if (!fixture) throw notFound(ezMessages.fixtureMissing(serialNumber));
      if (fixture.activationCount === 0) return 'none';
      await this.repository.setFixture(fixture.id, { activationCount: 0 }, tx);
      return 'reset';
    });
  }

  async deleteFixture(serialNumber: string): Promise<void> {
    if (!(await this.repository.deleteFixture(serialNumber))) throw notFound(ezMessages.fixtureMissing(serialNumber));
  }

  /**
   * Included never expires; another package needs a date today or later, by default a year from
   * today. The dates are checked first and the fixture is written in one statement, so a fixture
   * deleted meanwhile is a 404 naming it, never a write that finds nothing.
   */
  async subscribe(change: SubscriptionChange): Promise<Fixture> {
    const missing = () => notFound(ezMessages.fixtureMissing(change.serialNumber));
    let expires: Date | null;
    try {
      expires = change.package === INCLUDED_PACKAGE ? null : this.expiry(change);
    } catch (err) {
      // A missing fixture is said first, whatever the dates, as before.
      if (!(await this.repository.findFixture(change.serialNumber))) throw missing();
      throw err;
    }
    const row = await this.repository.setSubscription(change.serialNumber, {
      subscriptionPackage: change.package,
      subscriptionExpires: expires,
    });
    if (!row) throw missing();
    return fixtureView(row);
  }

  private expiry({ month, day, year }: SubscriptionChange): Date {
    const given = [month, day, year].filter((v) => v !== undefined && v !== null).length;
    const today = this.now();
    if (given === 0) {
      return endOfDayUtc(today.getUTCFullYear() + 1, today.getUTCMonth() + 1, today.getUTCDate());
    }
    if (month == null || day == null || year == null) {
      throw badRequest('Give the expiry as month, day and year, or none of them.', 'month');
    }
    const date = endOfDayUtc(year, month, day);
    if (date.getUTCMonth() !== month - 1) throw badRequest(`${month}/${day}/${year} is not a date.`, 'day');
    if (date.getTime() < today.getTime()) {
      throw badRequest(`The subscription cannot end in the past (${month}/${day}/${year}).`, 'year');
    }
    return date;
  }

  async createTarget(target: { targetName: string; targetId: number; packageIndex: number }): Promise<void> {
    if (await this.repository.findTargetByName(target.targetName)) {
      throw conflict(`EZ ADAS target ${target.targetName} already exists`);
    }
    await this.assertTargetIdFree(target.targetId, target.targetName);
    await this.repository.createTarget(target);
  }

  async updateTarget(target: { targetName: string; targetId: number; packageIndex: number }): Promise<void> {
    if (!(await this.repository.findTargetByName(target.targetName))) {
      throw notFound(ezMessages.targetMissing(target.targetName));
    }
    await this.assertTargetIdFree(target.targetId, target.targetName);
    await this.repository.updateTarget(target.targetName, target);
  }

  async deleteTarget(targetName: string): Promise<void> {
    if (!(await this.repository.deleteTarget(targetName))) throw notFound(ezMessages.targetMissing(targetName));
  }

  private async assertTargetIdFree(targetId: number, targetName: string): Promise<void> {
    const holder = await this.repository.findTargetById(targetId);
    if (holder && holder.targetName !== targetName) {
      throw conflict(`Target ID ${targetId} already belongs to EZ ADAS target ${holder.targetName}.`);
    }
  }

  /**
   * A unit activates a target with a fixture. The fixture's row is locked, so two units at once
   * both count; an expired subscription falls back to Included.
   */
  async activate(unitSerialNumber: string, fixtureSerialNumber: string, targetId: number): Promise<ActivationResponse> {
    return this.repository.db.transaction(async (tx) => {
      const fixture = await this.repository.findFixture(fixtureSerialNumber, tx, true);
      if (!fixture) throw notFound(ezMessages.fixtureMissing(fixtureSerialNumber));
      const target = await this.repository.findTargetById(targetId, tx);
      if (!target) throw notFound(`EZ ADAS target ID ${targetId} does not exist`);
      const packageName = ezPackageName(fixture.subscriptionPackage) ?? String(fixture.subscriptionPackage);
      const targetPackage = ezPackageName(target.packageIndex) ?? String(target.packageIndex);
      const expires = fixture.subscriptionExpires;
      const expired = expires !== null && expires < this.now();
      if (expired && target.packageIndex > INCLUDED_PACKAGE) {
        throw forbidden(
          `The ${packageName} subscription of EZ ADAS fixture ${fixtureSerialNumber} expired on ` +
            `${ymd(expires)}; target ${target.targetName} needs ${targetPackage}.`,
        );
      }
      if (target.packageIndex > fixture.subscriptionPackage) {
        throw forbidden(
          `The ${packageName} subscription of EZ ADAS fixture ${fixtureSerialNumber} does not include ` +
            `target ${target.targetName} (${targetPackage}).`,
        );
      }
      const row = await this.repository.setFixture(fixture.id, { activationCount: fixture.activationCount + 1 }, tx);
      await this.repository.recordActivation(fixture.id, unitSerialNumber, targetId, tx);
      return {
        fixtureSerialNumber: row.serialNumber,
        targetId,
        targetName: target.targetName,
        packageName,
        activationCount: row.activationCount,
      };
    });
  }
}
