import { expect, type Page } from '@playwright/test';

/** The test OpenID provider's sign-in page (apps/server/test/support/oidc-interactions.mjs). */
export class SsoProviderPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: 'Sign in to Test Provider' });

  async expectOpen(issuer: string) {
    await expect(this.heading()).toBeVisible();
    expect(new URL(this.page.url()).origin).toBe(issuer);
  }

  async signIn(login: string, password: string) {
    await this.page.getByLabel('Username').fill(login);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
