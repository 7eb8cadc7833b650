import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly username = () => this.page.getByLabel('Username');
  readonly password = () => this.page.getByLabel('Password');
  readonly loginButton = () => this.page.getByRole('button', { name: 'LOGIN' });
  readonly error = () => this.page.getByRole('alert');
  readonly ssoButton = (label: string) => this.page.getByRole('button', { name: `Sign in with ${label}` });

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByText('You need to sign in...')).toBeVisible();
  }

  async signIn(username: string, password: string) {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.password().press('Enter');
  }
}
