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
    await this.twoWaves(units, { successThreshold: 100, pauseAfter: true });
  }

  /** Step 2: the first wave a number of units (90 % success unless told), the second the rest. */
  async twoWaves(units: number, first: { successThreshold?: number; pauseAfter?: boolean } = {}) {
    const wizard = this.wizard();
    await wizard.getByRole('button', { name: 'Add a wave' }).click();
    const one = wizard.getByRole('listitem', { name: 'Wave 1' });
    await one.getByLabel('Wave 1 size').click();
    await this.page.getByRole('option', { name: 'A number of units' }).click();
    await one.getByLabel('Wave 1 units').fill(String(units));
    if (first.successThreshold !== undefined) {
      await one.getByLabel('Wave 1 success threshold (%)').fill(String(first.successThreshold));
    }
    if (first.pauseAfter) await one.getByRole('checkbox', { name: 'Pause after wave 1' }).check();
    const two = wizard.getByRole('listitem', { name: 'Wave 2' });
    await two.getByLabel('Wave 2 size').click();
    await this.page.getByRole('option', { name: 'The rest' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
  }

  /** Step 3: Save as draft; the draft's page opens. Returns the rollout's number. */
  async saveDraft(): Promise<number> {
    await this.wizard().getByRole('button', { name: 'Save as draft' }).click();
    await expect(this.page).toHaveURL(/\/Rollouts\/\d+$/);
    return Number(/(\d+)$/.exec(this.page.url())?.[1]);
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

  /**
   * Resume, confirmed in its dialog as every action that sets units in motion is; done once the
   * reason it was paused for is gone (a round may pause it again at once, for another reason).
   */
  async resume() {
    const reason = (await this.pausedAlert().textContent()) ?? '';
    await this.confirmed('Resume');
    await expect(this.page.getByRole('alert').filter({ hasText: reason })).toHaveCount(0);
  }

  /** Start a draft, confirmed. */
  async start() {
    await this.confirmed('Start');
    await expect(this.page.getByText('running', { exact: true }).first()).toBeVisible();
  }

  /** Skip the offline units of a wave, confirmed. */
  async skipOffline(wave: number, units: number) {
    await this.wave(wave)
      .getByRole('button', { name: `Skip ${units} offline unit${units === 1 ? '' : 's'}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `Skip the offline units of wave ${wave}` });
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(dialog).toBeHidden();
  }

  /** A wave's success threshold changed from its card. */
  async changeThreshold(wave: number, percent: number) {
    await this.wave(wave).getByRole('button', { name: 'Change threshold' }).click();
    const dialog = this.page.getByRole('dialog', { name: `Success threshold of wave ${wave}` });
    await dialog.getByLabel(`Wave ${wave} success threshold (%)`).fill(String(percent));
    await dialog.getByRole('button', { name: 'Change' }).click();
    await expect(dialog).toBeHidden();
  }

  private async confirmed(action: 'Start' | 'Resume') {
    await this.page.getByRole('button', { name: action, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: `${action} rollout` });
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
