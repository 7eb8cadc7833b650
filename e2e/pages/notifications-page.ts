import { expect, type Page } from '@playwright/test';
import { day, Wizard } from './wizard.js';

/** The Notifications screen (/Notifications) and its 3-step wizard. */
export class NotificationsPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Notifications' });
  readonly row = (name: string) => this.grid().getByRole('row').filter({ hasText: name });

  async open() {
    await this.page.goto('/Notifications');
    await expect(this.grid()).toBeVisible();
  }

  /** Creates a notification for the first country, region and city the lists offer; answers the place. */
  async create(name: string) {
    await this.page.getByRole('button', { name: 'Create Notification' }).click();
    const wizard = new Wizard(this.page, this.page.getByRole('dialog', { name: 'Create Notification' }));
    await wizard.dates(day(0), day(1), { start: 'Begins On', end: 'Ends On' });
    await wizard.next();
    await wizard.dialog.getByLabel('Name').fill(name);
    await wizard.choose('MIME Type', 'text/html');
    await wizard.dialog.getByLabel('Content Path').fill('https://content.example.com/winter.html');
    await wizard.next();
    await wizard.choose('Target Family', 'all');
    const country = await wizard.choose('Target Country', null);
    const region = await wizard.choose('Target Region', null);
    const city = await wizard.choose('Target City', null);
    await wizard.save('Create');
    return { country, region, city };
  }
}
