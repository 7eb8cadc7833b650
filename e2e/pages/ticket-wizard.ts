import { expect, type Page } from '@playwright/test';

/** The three-step Support Ticket wizard opened from a unit. */
export class TicketWizard {
  constructor(
    readonly page: Page,
    readonly serial: string,
  ) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: `Support Ticket for ${this.serial}` });
  readonly button = (name: string) => this.dialog().getByRole('button', { name, exact: true });
  readonly step = (name: string) => this.dialog().getByRole('form', { name });

  async fill(answers: { caller: string; description: string; attempted: string }) {
    await expect(this.step('Equipment Information')).toBeVisible();
    await expect(this.button('Previous')).toBeDisabled();
    await this.dialog().getByRole('textbox', { name: "Caller's Name" }).fill(answers.caller);
    await this.dialog().getByRole('combobox', { name: 'Disposition' }).click();
    await this.page.getByRole('option', { name: 'Owned Aligner' }).click();
    await this.button('Next').click();
    await expect(this.step('Problem Description')).toBeVisible();
    await this.dialog().getByRole('textbox', { name: 'Issue Description' }).fill(answers.description);
    await this.button('Next').click();
    await expect(this.step('Attempted Resolution')).toBeVisible();
    await this.dialog().getByRole('textbox', { name: 'Steps Attempted' }).fill(answers.attempted);
  }

  async save() {
    await this.button('Save').click();
    await expect(this.dialog()).toBeHidden();
  }
}
