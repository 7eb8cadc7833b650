import { expect, type Page } from '@playwright/test';

/** The Users screen (/Users) and its Create New User dialog. */
export class UsersPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Users' });
  readonly row = (username: string) => this.grid().getByRole('row').filter({ hasText: username });
  readonly dialog = () => this.page.getByRole('dialog', { name: 'Create New User' });

  async open() {
    await this.page.goto('/Users');
    await expect(this.page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(this.grid()).toBeVisible();
  }

  async create(user: { username: string; password: string; email: string; role: string }) {
    await this.page.getByRole('button', { name: 'Create New User' }).click();
    const dialog = this.dialog();
    const create = dialog.getByRole('button', { name: 'Create' });
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByLabel('E-mail').fill(user.email);
    await expect(create).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await this.page.getByRole('option', { name: user.role, exact: true }).click();
    await create.click();
    await expect(dialog).toBeHidden();
  }

  async filter(username: string) {
    await this.page.getByRole('searchbox', { name: 'Username' }).fill(username);
  }
}
