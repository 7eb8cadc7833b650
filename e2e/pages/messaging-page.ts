import { expect, type Page } from '@playwright/test';
import { day, Wizard } from './wizard.js';

/** The Messaging screen (/Messaging): seven tabs and the create and edit wizards. */
export class MessagingPage {
  constructor(readonly page: Page) {}

  readonly tab = (label: string) => this.page.getByRole('tab', { name: label });
  readonly grid = (label: string) => this.page.getByRole('grid', { name: label });
  readonly row = (label: string, header: string) => this.grid(label).getByRole('row').filter({ hasText: header });

  async open() {
    await this.page.goto('/Messaging');
    await expect(this.tab('My Drafts')).toHaveAttribute('aria-selected', 'true');
  }

  async showTab(label: string) {
    await this.tab(label).click();
    await expect(this.grid(label)).toBeVisible();
  }

  async createDraft(message: { header: string; body: string; callToAction: string }, csv?: string) {
    await this.page.getByRole('button', { name: 'Create New Message' }).click();
    const wizard = new Wizard(this.page, this.page.getByRole('dialog', { name: 'Create New Message' }));
    await wizard.dates(day(0), day(2));
    await wizard.next();
    await expect(wizard.dialog.getByText('Required')).toHaveCount(3);
    await wizard.dialog.getByRole('textbox', { name: 'Header' }).fill(message.header);
    await expect(wizard.dialog.getByText(`${message.header.length}/75`)).toBeVisible();
    await wizard.dialog.getByRole('textbox', { name: 'Body' }).fill(message.body);
    await wizard.dialog.getByRole('textbox', { name: 'Call to Action' }).fill(message.callToAction);
    await wizard.next();
    const market = await wizard.choose('Market', null);
    if (csv) {
      await wizard.dialog.getByLabel('Serial numbers CSV file').setInputFiles({
        name: 'units.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await wizard.dialog.getByRole('button', { name: 'Upload' }).click();
    }
    return { wizard, market };
  }

  async editRow(tabLabel: string, header: string, action: string, save: string) {
    await this.row(tabLabel, header)
      .getByRole('button', { name: new RegExp(`^${action}`) })
      .click();
    const wizard = new Wizard(this.page, this.page.getByRole('dialog', { name: /^Edit Message/ }));
    await wizard.next();
    await wizard.next();
    await wizard.save(save);
  }
}
