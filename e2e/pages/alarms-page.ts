import { expect, type Page } from '@playwright/test';

/** Alarms (/Alarms): what the rules raised; the rules on ?tab=rules. */
export class AlarmsPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Alarms' });
  readonly row = (serialNumber: string) => this.grid().getByRole('row').filter({ hasText: serialNumber });
  readonly notificationsButton = () => this.page.getByRole('button', { name: /^Notifications/ });

  async open(search = '') {
    await this.page.goto(`/Alarms${search}`);
    await expect(this.page.getByRole('heading', { name: 'Alarms' })).toBeVisible();
  }

  /** New rule, as an admin or engineer: "offline longer than `hours`", mailed to its creator. */
  async createOfflineRule(name: string, hours: number) {
    await this.open('?tab=rules');
    await this.page.getByRole('button', { name: 'New rule' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New Alarm Rule' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('spinbutton', { name: 'Hours offline' }).fill(String(hours));
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByRole('grid', { name: 'Alarm Rules' }).getByText(name)).toBeVisible();
  }

  async deleteRule(name: string) {
    await this.open('?tab=rules');
    await this.page.getByRole('button', { name: `Delete the rule ${name}` }).click();
    await this.page.getByRole('dialog', { name: 'Delete Alarm Rule' }).getByRole('button', { name: 'Yes' }).click();
    await expect(this.page.getByRole('button', { name: `Delete the rule ${name}` })).toBeHidden();
  }

  async filterUnit(serialNumber: string) {
    await this.page.getByRole('textbox', { name: 'Serial number', exact: true }).fill(serialNumber);
  }

  async filterRule(name: string) {
    await this.page.getByRole('combobox', { name: 'Rule' }).click();
    await this.page.getByRole('option', { name }).click();
  }

  async acknowledge(serialNumber: string) {
    await this.row(serialNumber)
      .getByRole('button', { name: `Acknowledge the alarm on ${serialNumber}` })
      .click();
  }
}
