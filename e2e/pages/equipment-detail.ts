import { expect, type Page } from '@playwright/test';

/** The equipment detail dialog of one unit and the sub-dialogs it opens. */
export class EquipmentDetail {
  constructor(
    readonly page: Page,
    readonly serial: string,
  ) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: new RegExp(`^${this.serial}\\b`) });
  readonly commands = () => this.dialog().getByRole('group', { name: 'Commands' });
  readonly command = (name: string | RegExp) => this.commands().getByRole('button', { name, exact: true });
  readonly favoriteToggle = () => this.dialog().getByRole('button', { name: /My Radar$/ });
  /** What is raised on the unit now, each with when the server reverts it. */
  readonly elevations = () => this.dialog().getByRole('status', { name: 'Elevations' });
  readonly screenShots = () => this.page.getByRole('dialog', { name: `Screen Shots of ${this.serial}` });

  /** Opens the detail by its deep link. */
  async open() {
    await this.page.goto(`/Aligners?serial=${this.serial}`);
    await this.expectOpen();
  }

  async expectOpen() {
    await expect(this.dialog()).toBeVisible();
    await expect(this.commands()).toBeVisible();
  }

  async addToRadar() {
    await this.dialog().getByRole('button', { name: 'Add to My Radar' }).click();
    await expect(this.dialog().getByRole('button', { name: 'Remove from My Radar' })).toBeVisible();
  }

  /** Stage {latest}: the button gives way to Unstage {latest} once the server staged it. */
  async stage(version: string) {
    await this.command(`Stage ${version}`).click();
    await expect(this.page.getByText(`Staged ${version} on ${this.serial}.`)).toBeVisible();
    await expect(this.command(`Unstage ${version}`)).toBeVisible();
  }

  /** How long the next Open Port, RCP or raised log level lasts ('15 min', '1 h', '4 h'). */
  async elevateFor(duration: string) {
    await this.commands().getByRole('combobox', { name: 'Elevate for' }).click();
    await this.page.getByRole('option', { name: duration, exact: true }).click();
  }

  async close() {
    await this.dialog().getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.dialog()).toBeHidden();
  }
}
