import { expect, type Page } from '@playwright/test';

/** My Radar (/Radar): one card per favorite unit. */
export class RadarPage {
  constructor(readonly page: Page) {}

  readonly card = (serial: string) => this.page.getByRole('article', { name: serial });
  readonly updateStatus = (serial: string) => this.card(serial).getByRole('region', { name: 'System Update Status' });

  async open() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Radar' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'My Radar' })).toBeVisible();
    await expect(this.page.getByRole('region', { name: 'Favorites on radar' })).toBeVisible();
  }

  async runUpdateCommand(serial: string, name: 'Check Cloud' | 'Download Updates' | 'Install Updates') {
    const button = this.card(serial).getByRole('button', { name });
    await button.click();
    await expect(this.page.getByText(`${name}: done on ${serial}.`)).toBeVisible();
  }
}
