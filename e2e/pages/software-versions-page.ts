import { expect, type Page } from '@playwright/test';

/** Software Versions (/SoftwareUpdates) with its create and schedule dialogs. */
export class SoftwareVersionsPage {
  constructor(readonly page: Page) {}

  readonly createDialog = () => this.page.getByRole('dialog', { name: /^Create .* Update$/ });
  readonly scheduleDialog = () => this.page.getByRole('dialog', { name: /^Schedule Aligner Updates/ });
  readonly latestHeading = () => this.page.getByRole('heading', { level: 2, name: /^Latest:/ });
  readonly dayLoad = (day: string) => this.scheduleDialog().getByRole('listitem', { name: new RegExp(`^${day}: `) });

  async open() {
    await this.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Software Updates' })
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Software Updates' })).toBeVisible();
    await expect(this.latestHeading()).toBeVisible();
  }

  /** Opens a family's tab (Aligners, Tru-Point, Aligners-Oasis). */
  async tab(label: string) {
    await this.page.getByRole('tab', { name: label }).click();
  }

  /** Path → Validate in the open tab's create dialog, without confirming: the dialog's alert. */
  async validateOnly(button: string, path: string) {
    await this.page.getByRole('button', { name: button }).click();
    const dialog = this.createDialog();
    await dialog.getByRole('textbox', { name: 'Update path' }).fill(path);
    await dialog.getByRole('button', { name: 'Validate' }).click();
    return dialog.getByRole('alert');
  }

  /** Path → Validate → Confirm; resolves with the verified text the dialog showed. */
  async createAlignerUpdate(path: string, version: string) {
    await this.page.getByRole('button', { name: 'Create Aligner Update' }).click();
    const dialog = this.createDialog();
    await dialog.getByRole('textbox', { name: 'Update path' }).fill(path);
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Validate' }).click();
    await expect(
      dialog.getByText(new RegExp(`^The manifest was verified: version ${version.replaceAll('.', '\\.')}`)),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText(`The latest software available is now version ${version}.`)).toBeVisible();
    await expect(this.latestHeading()).toHaveText(new RegExp(`^Latest: ${version.replaceAll('.', '\\.')}`));
  }

  async schedule(pattern: string, day: string, expectedMatches: number) {
    await this.page.getByRole('button', { name: 'Schedule Aligner Updates' }).click();
    const dialog = this.scheduleDialog();
    await dialog.getByRole('textbox', { name: 'Serial number pattern' }).fill(pattern);
    await dialog.getByRole('button', { name: 'Search' }).click();
    await this.confirmSchedule(day, expectedMatches);
  }

  /** The aligners of a saved view, chosen in place of a pattern, scheduled for a day. */
  async scheduleView(viewName: string, day: string, expectedMatches: number) {
    await this.page.getByRole('button', { name: 'Schedule Aligner Updates' }).click();
    const dialog = this.scheduleDialog();
    await dialog.getByRole('combobox', { name: 'Saved view' }).click();
    await this.page.getByRole('option', { name: viewName }).click();
    await this.confirmSchedule(day, expectedMatches);
  }

  /** What was found, the day, Confirm, and the notice that says how many were scheduled. */
  private async confirmSchedule(day: string, expectedMatches: number) {
    const dialog = this.scheduleDialog();
    await expect(dialog.getByText(new RegExp(`^${expectedMatches} aligners? match`))).toBeVisible();
    await dialog.getByLabel('Date').fill(day);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      this.page.getByText(new RegExp(`^${expectedMatches} aligners scheduled for .* on ${day}\\.$`)),
    ).toBeVisible();
  }
}
