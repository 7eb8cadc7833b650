import { expect, type Page } from '@playwright/test';

/** Unit Claims (/UnitClaims): registrations of registered serial numbers, waiting for an admin. */
export class UnitClaimsPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Unit Claims' });
  readonly row = (serialNumber: string) => this.grid().getByRole('row').filter({ hasText: serialNumber });

  async open() {
    await this.page.goto('/UnitClaims');
    await expect(this.page.getByRole('heading', { name: 'Unit Claims' })).toBeVisible();
    await expect(this.grid()).toBeVisible();
  }

  async decide(serialNumber: string, decision: 'Approve' | 'Refuse') {
    await this.row(serialNumber)
      .getByRole('button', { name: `${decision} the claim to ${serialNumber}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: `${decision} Claim` });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();
  }
}
