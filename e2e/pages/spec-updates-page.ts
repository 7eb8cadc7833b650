import { expect, type Page } from '@playwright/test';

/** Spec Updates (/SpecUpdates): statistics, the releases table and the create and edit dialog. */
export class SpecUpdatesPage {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: /Spec Update/ });
  readonly row = (name: string) =>
    this.page.getByRole('grid', { name: 'Spec releases' }).getByRole('row').filter({ hasText: name });

  async openReleases() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Spec Updates' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Spec Updates' })).toBeVisible();
    await this.page.getByRole('tab', { name: 'Spec Releases' }).click();
  }

  async create(path: string, filter: string) {
    await this.page.getByRole('button', { name: 'Create Spec Update' }).click();
    const dialog = this.dialog();
    await dialog.getByRole('textbox', { name: 'Spec update path' }).fill(path);
    await expect(dialog.getByRole('textbox', { name: 'Filter' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Validate' }).click();
    await dialog.getByRole('textbox', { name: 'Filter' }).fill('');
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeHidden();
    await dialog.getByRole('textbox', { name: 'Filter' }).fill(filter);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
  }

  async deactivate(name: string) {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click();
    await this.dialog().getByRole('switch', { name: 'Active' }).click();
    await this.dialog().getByRole('button', { name: 'Update' }).click();
    await expect(this.dialog()).toBeHidden();
  }
}
