import { expect, type Locator, type Page } from '@playwright/test';

/** A stepped dialog (notification and message wizards): fields, Next, and the save buttons. */
export class Wizard {
  constructor(
    readonly page: Page,
    readonly dialog: Locator,
  ) {}

  async next() {
    await this.dialog.getByRole('button', { name: 'Next' }).click();
  }

  async dates(start: string, end: string, labels = { start: 'Start Date', end: 'End Date' }) {
    await this.dialog.getByLabel(labels.start).fill(start);
    await this.dialog.getByLabel(labels.end).fill(end);
  }

  /** Picks an option of a select; `name` of null takes the first option that is not "Any". */
  async choose(label: string, name: string | null): Promise<string> {
    await this.dialog.getByRole('combobox', { name: label }).click();
    const listbox = this.page.getByRole('listbox');
    const option = name
      ? listbox.getByRole('option', { name, exact: true })
      : listbox.getByRole('option').filter({ hasNotText: 'Any' }).first();
    const text = (await option.textContent()) ?? '';
    await option.click();
    await expect(listbox).toBeHidden();
    return text;
  }

  async save(name: string) {
    await this.dialog.getByRole('button', { name, exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }
}

/** A date `days` from today (UTC) as a date input takes it. */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
