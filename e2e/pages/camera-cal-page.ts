import { expect, type Page } from '@playwright/test';

/** Camera Calibrations (/CameraCal): the records units uploaded, and one record's every value. */
export class CameraCalPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Camera calibrations' });
  readonly dialog = () => this.page.getByRole('dialog', { name: /^Camera calibration of / });
  readonly matrix = (label: RegExp) => this.dialog().getByRole('table', { name: label });

  async open() {
    await this.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Camera Calibrations' })
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Camera Calibrations' })).toBeVisible();
  }

  async filterByCamera(serial: string) {
    await this.page.getByLabel('Camera serial number').fill(serial);
  }

  /** Opens the first record whose row shows `text` (waits for the unit's upload to arrive). */
  async view(text: string) {
    const row = this.grid()
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell'), hasText: text })
      .first();
    await expect(async () => {
      await this.page.reload();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await row.getByRole('button', { name: /^View calibration/ }).click();
    await expect(this.dialog()).toBeVisible();
  }
}
