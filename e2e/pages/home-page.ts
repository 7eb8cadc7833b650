import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    seenCounts?: Record<string, string[]>;
  }
}

/** The home dashboard (/): counters, trend, tickets and services. */
export class HomePage {
  constructor(readonly page: Page) {}

  /** A counter is a group named "Label: N". */
  readonly stat = (label: string) => this.page.getByRole('group', { name: new RegExp(`^${label}: \\d+$`) });

  async open() {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }

  async count(label: string): Promise<number> {
    await expect(this.stat(label)).toBeVisible();
    const name = await this.stat(label).getAttribute('aria-label');
    return Number(name!.split(': ')[1]);
  }

  /**
   * Records every value a counter shows from now on: a unit that drops and comes back within a
   * second changes the count only briefly, and polling could step over it.
   */
  async recordCounts(label: string) {
    await this.page.evaluate((testId) => {
      const seen: string[] = [];
      (window.seenCounts ??= {})[testId] = seen;
      const observer = new MutationObserver(() => {
        const text = document.querySelector(`[data-testid="${testId}"]`)?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, `stat-${label}`);
  }

  async waitForCount(label: string, value: number) {
    await this.page.waitForFunction(([testId, expected]) => window.seenCounts?.[testId]?.includes(expected) ?? false, [
      `stat-${label}`,
      String(value),
    ] as const);
  }
}
