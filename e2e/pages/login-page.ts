import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly username = () => this.page.getByLabel('Username');
  readonly password = () => this.page.getByLabel('Password');
  readonly loginButton = () => this.page.getByRole('button', { name: 'LOGIN' });
  readonly error = () => this.page.getByRole('alert');
  readonly ssoButton = (label: string) => this.page.getByRole('button', { name: `Sign in with ${label}` });
  /** The second step, for an account with a second factor. */
  readonly code = () => this.page.getByRole('textbox', { name: 'Code' });
  readonly verifyButton = () => this.page.getByRole('button', { name: 'Verify' });
  readonly passkeyButton = () => this.page.getByRole('button', { name: 'Use a passkey' });

  /** Opens /login of the e2e server, or of the server at `base`. */
  async open(base = '') {
    await this.page.goto(`${base}/login`);
    await expect(this.page.getByText('You need to sign in...')).toBeVisible();
  }

  async signIn(username: string, password: string) {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.password().press('Enter');
  }

  async expectSecondStep() {
    await expect(this.code()).toBeVisible();
    await expect(this.page.getByText('A recovery code works here too.', { exact: false })).toBeVisible();
  }

  /** Types a code of the second step and sends it with Enter, as a keyboard user does. */
  async enterCode(code: string) {
    await this.code().fill(code);
    await this.code().press('Enter');
  }
}
