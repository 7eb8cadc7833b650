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
    const disposition = this.dialog().getByRole('combobox', { name: 'Disposition' });
    const owned = this.page.getByRole('option', { name: 'Owned Aligner' });
    // A click that lands while the dialog still settles (a phone's full-screen dialog) can leave
    // the list closed, as a person would see: they click again.
    await expect(async () => {
      if (!(await owned.isVisible())) await disposition.click();
      await expect(owned).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await owned.click();
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
