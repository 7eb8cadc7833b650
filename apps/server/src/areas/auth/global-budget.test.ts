import { describe, expect, it } from 'vitest';
import { GlobalBudget } from './global-budget.js';

describe('global failure budget', () => {
  it('lets a burst of two seconds’ worth through, then one per emission interval', () => {
    let clock = 1_000_000;
    const budget = new GlobalBudget(300, () => clock);
    expect(budget.emissionMs).toBe(200);
    expect(budget.toleranceMs).toBe(2_000);
    for (let i = 0; i < 10; i++) expect(budget.take()).toBe(0);
    expect(budget.take()).toBe(200);
    clock += 200;
    expect(budget.take()).toBe(0);
  });

  it('keeps a burst of one when the budget is small', () => {
    const clock = 1_000_000;
    const budget = new GlobalBudget(6, () => clock);
    expect(budget.emissionMs).toBe(10_000);
    expect(budget.toleranceMs).toBe(10_000);
    expect(budget.take()).toBe(0);
    expect(budget.take()).toBe(10_000);
  });

  it('waits exactly until the next attempt fits', () => {
    let clock = 1_000_000;
    const budget = new GlobalBudget(60, () => clock);
    expect(budget.toleranceMs).toBe(2_000);
    for (let i = 0; i < 2; i++) expect(budget.take()).toBe(0);
    expect(budget.take()).toBe(1_000);
    expect(budget.waitMs()).toBe(1_000);
    clock += 999;
    expect(budget.take()).toBe(1);
    clock += 1;
    expect(budget.take()).toBe(0);
    expect(budget.take()).toBe(1_000);
  });

  it('takes back what it gives, and follows the shared drain', () => {
    let clock = 0;
    const budget = new GlobalBudget(300, () => clock);
    for (let i = 0; i < 10; i++) budget.take();
    expect(budget.take()).toBe(200);
    budget.give();
    expect(budget.take()).toBe(0);
    budget.sync(0);
    expect(budget.waitMs()).toBe(0);
    budget.sync(20_000);
    expect(budget.waitMs()).toBe(20_000 + 200 - 2_000);
    expect(budget.waitAfter(2_000)).toBe(0);
    expect(budget.waitAfter(2_200)).toBe(200);
    clock = 30_000;
    expect(budget.waitMs()).toBe(0);
  });
});
