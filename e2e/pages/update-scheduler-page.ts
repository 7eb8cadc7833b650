import { expect, type Locator, type Page } from '@playwright/test';

/** Update Scheduler (/UpdateScheduler): the family and view tabs, the device table and the activity charts. */
export class UpdateSchedulerPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Update scheduler units' });
  readonly header = (name: string) => this.grid().getByRole('columnheader', { name, exact: true });
  readonly columnsButton = () => this.page.getByRole('button', { name: 'Columns' });
  readonly chart = (title: 'Totals' | 'Deltas') => this.page.getByRole('region', { name: title });

  async open(view: 'scheduler' | 'daily' | 'hourly' = 'scheduler') {
    await this.page.goto(`/UpdateScheduler?family=aligner&view=${view}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Update Scheduler' })).toBeVisible();
    if (view === 'scheduler') await expect(this.grid().getByRole('row').nth(1)).toBeVisible();
    else await expect(this.page.getByText(/^Average slot age:/)).toBeVisible();
  }

  /** The cells of one column, by the header's column index (the grid's own aria-colindex). */
  async cells(header: string): Promise<Locator> {
    const index = await this.header(header).getAttribute('aria-colindex');
    return this.grid().locator(`[role="gridcell"][aria-colindex="${index}"]`);
  }

  /** Shows or hides one column through the Columns panel. */
  async toggleColumn(name: string) {
    await this.columnsButton().click();
    await this.page.getByRole('checkbox', { name, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** The time labels under a chart's x axis (SVG text, drawn for sighted users). */
  readonly axisTimes = (title: 'Totals' | 'Deltas') =>
    this.chart(title)
      .locator('text')
      .filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ });
}
