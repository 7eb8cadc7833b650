import { expect, type Page } from '@playwright/test';

export class RequestResetPage {
  constructor(readonly page: Page) {}

  readonly button = () => this.page.getByRole('button', { name: 'REQUEST RESET' });

  async request(username: string) {
    await this.page.getByLabel('Username').fill(username);
    await this.button().click();
    await expect(
      this.page.getByText('Please check your e-mail for instructions to reset your password.'),
    ).toBeVisible();
  }
}

export class SetPasswordPage {
  constructor(readonly page: Page) {}

  readonly button = () => this.page.getByRole('button', { name: 'SET PASSWORD' });

  async expectOpen() {
    await expect(
      this.page.getByText('Please enter and verify your new password. The password must be 12 characters or longer.'),
    ).toBeVisible();
  }

  async fill(password: string, verify = password) {
    await this.page.getByLabel('New Password', { exact: true }).fill(password);
    await this.page.getByLabel('Verify New Password').fill(verify);
  }
}
