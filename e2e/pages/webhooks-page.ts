import { expect, type Page } from '@playwright/test';

/** Webhooks (/Webhooks, admin): signed endpoints for chosen events, and the log of deliveries. */
export class WebhooksPage {
  constructor(readonly page: Page) {}

  readonly endpoints = () => this.page.getByRole('grid', { name: 'Webhook Endpoints' });
  readonly deliveries = () => this.page.getByRole('grid', { name: 'Webhook Deliveries' });
  readonly row = (url: string) => this.endpoints().getByRole('row').filter({ hasText: url });
  readonly addDialog = () => this.page.getByRole('dialog', { name: 'Add Webhook Endpoint' });

  async open() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(this.endpoints()).toBeVisible();
  }

  /** Fills the Add dialog and submits it; the dialog stays open when the server refuses. */
  async add(url: string, events: string[]) {
    await this.page.getByRole('button', { name: 'Add Endpoint' }).click();
    const dialog = this.addDialog();
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    const group = dialog.getByRole('group', { name: 'Events' });
    for (const event of events) await group.getByRole('checkbox', { name: event }).check();
    await dialog.getByRole('button', { name: 'Add' }).click();
  }
}
