import { expect, type Page } from '@playwright/test';

/** AI Assistant (/AIKnow): Statistics and Chats tabs. */
export class AiKnowPage {
  constructor(readonly page: Page) {}

  readonly statistics = () => this.page.getByLabel('Assistant statistics');
  readonly chats = () => this.page.getByRole('grid', { name: 'Chat sessions' });
  readonly dialog = () => this.page.getByRole('dialog', { name: /^Chat session of / });

  async open() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'AI Assistant' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'AI Assistant' })).toBeVisible();
  }

  async openChats() {
    await this.page.getByRole('tab', { name: 'Chats' }).click();
    await expect(this.chats()).toBeVisible();
  }

  /** Waits (reloading) until a session row is listed, then returns its first row. */
  async firstSession() {
    const row = this.chats()
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell') })
      .first();
    await expect(async () => {
      await this.page.reload();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 25_000 });
    return row;
  }
}
