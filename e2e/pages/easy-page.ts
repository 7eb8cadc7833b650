import { expect, type Page } from '@playwright/test';
import { Notice } from './notice.js';

/** EZ ADAS (/Easy): the Fixtures and Targets tabs, their dialogs and notices. */
export class EasyPage {
  constructor(readonly page: Page) {}

  readonly fixtures = () => this.page.getByRole('grid', { name: 'Fixtures' });
  readonly row = (serial: string) => this.fixtures().getByRole('row').filter({ hasText: serial });
  readonly cell = (serial: string, column: number) => this.row(serial).getByRole('gridcell').nth(column);
  /** §8 texts tell successes and failures apart; the banner is a status or an alert accordingly. */
  readonly notice = (text: string) => new Notice(this.page).any(text);

  async open() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'EZ ADAS' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'EZ ADAS' })).toBeVisible();
    await expect(this.page.getByRole('tab', { name: 'Fixtures', selected: true })).toBeVisible();
  }

  /** Waits for a §8 notice and closes it with CLOSE, so the next one shows. */
  async expectNotice(text: string) {
    const notice = this.notice(text);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'CLOSE' }).click();
    await expect(notice).toBeHidden();
  }

  async filter(serial: string) {
    await this.page.getByRole('textbox', { name: 'Serial Number', exact: true }).fill(serial);
  }

  async createFixture(serial: string) {
    await this.page.getByRole('button', { name: 'Create New Fixture' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create New Fixture' });
    const create = dialog.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Serial Number' }).fill(serial);
    await create.click();
    await expect(dialog).toBeHidden();
  }

  async changeSubscription(serial: string, packageName: string) {
    await this.row(serial)
      .getByRole('button', { name: `Edit Subscription of ${serial}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Modify Subscription' });
    await dialog.getByRole('combobox', { name: 'Package' }).click();
    await this.page.getByRole('option', { name: packageName, exact: true }).click();
    await expect(dialog.getByLabel('Subscription Expiration')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }

  async resetActivations(serial: string) {
    await this.row(serial)
      .getByRole('button', { name: `Reset Activation Count of ${serial}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Reset Fixture Activations' });
    await expect(dialog.getByText(`Reset fixture activations to 0 for serial number ${serial}?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();
  }
}
