import { expect, type Page } from '@playwright/test';

/** Adding second factors, on the enrolment page and on Two-step sign-in alike, and the codes shown once. */
class FactorActions {
  constructor(readonly page: Page) {}

  readonly appDialog = () => this.page.getByRole('dialog', { name: 'Add authenticator app' });
  readonly passkeyDialog = () => this.page.getByRole('dialog', { name: 'Add passkey' });
  readonly codesDialog = () => this.page.getByRole('dialog', { name: 'Your recovery codes' });

  /** Opens Add authenticator app and reads the key as a person types it into their app (spaces dropped). */
  async startAuthenticatorApp(): Promise<string> {
    await this.page.getByRole('button', { name: 'Add authenticator app' }).click();
    const dialog = this.appDialog();
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = dialog.getByRole('textbox', { name: 'Key' });
    await expect(key).not.toHaveValue('');
    return (await key.inputValue()).replace(/\s/g, '');
  }

  async confirmAuthenticatorApp(code: string) {
    const dialog = this.appDialog();
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Names a passkey and lets the browser's authenticator create it. */
  async addPasskey(name: string) {
    await this.page.getByRole('button', { name: 'Add passkey' }).click();
    const dialog = this.passkeyDialog();
    await dialog.getByRole('textbox', { name: 'Passkey name' }).fill(name);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
  }

  async readRecoveryCodes(): Promise<string[]> {
    const list = this.codesDialog().getByRole('list', { name: 'Recovery codes' });
    await expect(list).toBeVisible();
    return list.getByRole('listitem').allInnerTexts();
  }

  async closeRecoveryCodes() {
    await this.codesDialog().getByRole('button', { name: 'Done' }).click();
    await expect(this.codesDialog()).toBeHidden();
  }
}

/** What a session whose role needs a second factor sees until it has one: the enrolment only. */
export class EnrolmentPage extends FactorActions {
  readonly heading = () => this.page.getByRole('heading', { name: 'Set up two-step sign-in' });

  async expectShown() {
    await expect(this.heading()).toBeVisible();
    await expect(this.page.getByText(/needs a second factor/)).toBeVisible();
    await expect(this.page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  }
}

/** Two-step sign-in (account menu): the user's factors and recovery codes. */
export class TwoStepPage extends FactorActions {
  readonly table = () => this.page.getByRole('table', { name: 'Second factors' });
  readonly row = (text: string) => this.table().getByRole('row').filter({ hasText: text });

  async openFromAccountMenu() {
    await this.page.getByRole('button', { name: 'Account' }).click();
    await this.page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
    await this.expectOpen();
  }

  /** Opens its address directly (a bookmark, a reload) on the server at `base`. */
  async open(base: string) {
    await this.page.goto(`${base}/Account/TwoStep`);
    await this.expectOpen();
  }

  async expectOpen() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
    await expect(this.table()).toBeVisible();
  }
}
