import { expect, type Page } from '@playwright/test';

/** The signed-in frame: top bar, account menu, navigation menu and the Change Password dialog. */
export class AppShell {
  constructor(readonly page: Page) {}

  readonly menu = () => this.page.getByRole('navigation', { name: 'Main menu' });
  readonly menuLink = (title: string) => this.menu().getByRole('link', { name: title, exact: true });
  readonly changePasswordDialog = () => this.page.getByRole('dialog', { name: 'Change Password' });

  async expectSignedIn() {
    await expect(this.page.getByText('Equipment Dashboard', { exact: true })).toBeVisible();
    await expect(this.page.getByText('2.0.0', { exact: true })).toBeVisible();
    await expect(this.menu()).toBeVisible();
  }

  async openAccountMenu() {
    await this.page.getByRole('button', { name: 'Account' }).click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  /** Closes the account menu with the keyboard and waits until it is gone (its fade included). */
  async closeAccountMenu() {
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('menu')).toBeHidden();
  }

  /** Signs out and waits for the sign-in page, which the app reloads to. */
  async signOut() {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.page.getByText('You need to sign in...')).toBeVisible();
  }

  async openChangePassword() {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(this.changePasswordDialog()).toBeVisible();
  }

  async fillChangePassword(current: string, next: string) {
    const dialog = this.changePasswordDialog();
    await dialog.getByLabel('Current Password').fill(current);
    await dialog.getByLabel('New Password').fill(next);
  }

  readonly changeButton = () => this.changePasswordDialog().getByRole('button', { name: 'Change' });

  async expectNotice(text: string) {
    await expect(this.page.getByText(text)).toBeVisible();
  }
}
