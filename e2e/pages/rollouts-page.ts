import { expect, type Page } from '@playwright/test';

/** Rollouts (/Rollouts): the create wizard at /Rollouts/new and one rollout at /Rollouts/:id. */
export class RolloutsPage {
  constructor(readonly page: Page) {}

  readonly wizard = () => this.page.getByRole('dialog', { name: 'New rollout' });
  readonly wave = (n: number) => this.page.getByRole('listitem', { name: `Wave ${n}` });
  readonly pausedAlert = () => this.page.getByRole('alert').filter({ hasText: /^Paused: / });
  readonly heading = (name: string) => this.page.getByRole('heading', { name });

  /** The wizard, by its deep link, with the family and version chosen. */
  async openWizard(family: string, version: string) {
    await this.page.goto(`/Rollouts/new?family=${family}&version=${version}`);
    await expect(this.wizard()).toBeVisible();
  }

  /** Step 1: a name and a CSV of serial numbers, read in the browser. */
  async targetCsv(name: string, serials: readonly string[]) {
    const wizard = this.wizard();
    await wizard.getByLabel('Name').fill(name);
    await wizard.getByRole('radio', { name: 'A CSV file of serial numbers' }).check();
    await wizard.getByLabel('Serial numbers CSV file').setInputFiles({
      name: 'units.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`serialNumber\n${serials.join('\n')}\n`),
    });
    await expect(wizard.getByText(`${serials.length} serial numbers read`)).toBeVisible();
    await wizard.getByRole('button', { name: 'Next' }).click();
  }

  /** Step 2: the first wave a number of units with a gate after it, the second the rest. */
  async gatedCanary(units: number) {
    const wizard = this.wizard();
    await wizard.getByRole('button', { name: 'Add a wave' }).click();
    const first = wizard.getByRole('listitem', { name: 'Wave 1' });
    await first.getByLabel('Wave 1 size').click();
    await this.page.getByRole('option', { name: 'A number of units' }).click();
    await first.getByLabel('Wave 1 units').fill(String(units));
    await first.getByLabel('Wave 1 success threshold (%)').fill('100');
    await first.getByRole('checkbox', { name: 'Pause after wave 1' }).check();
    const second = wizard.getByRole('listitem', { name: 'Wave 2' });
    await second.getByLabel('Wave 2 size').click();
    await this.page.getByRole('option', { name: 'The rest' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
  }

  /** Step 3: the review's figures, then Create and start; the rollout's page opens. */
  async createAndStart(units: number) {
    const wizard = this.wizard();
    await expect(
      wizard
        .getByRole('definition')
        .filter({ hasText: new RegExp(`^${units}$`) })
        .first(),
    ).toBeVisible();
    await wizard.getByRole('button', { name: 'Create and start' }).click();
    await expect(this.page).toHaveURL(/\/Rollouts\/\d+$/);
  }

  async waveState(n: number, state: 'waiting' | 'running' | 'done') {
    await expect(this.wave(n).getByText(state, { exact: true })).toBeVisible({ timeout: 90_000 });
  }

  async resume() {
    await this.page.getByRole('button', { name: 'Resume' }).click();
    await expect(this.pausedAlert()).toBeHidden();
  }
}
