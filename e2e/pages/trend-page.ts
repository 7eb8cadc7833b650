import { expect, type FrameLocator, type Page } from '@playwright/test';

/** Trend Chart (/TrendChart) and the graph it embeds from /graph. */
export class TrendPage {
  constructor(readonly page: Page) {}

  readonly graph = (): FrameLocator => this.page.frameLocator('iframe[title="Connected equipment trend"]');
  readonly summary = () => this.graph().getByText(/ to .*, one point per (minute|hour|day), \d+ points?/);

  async open() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Trend Chart' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Trend Chart' })).toBeVisible();
  }

  async span(label: string) {
    await this.graph().getByRole('button', { name: label, exact: true }).click();
    await expect(this.graph().getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
}
