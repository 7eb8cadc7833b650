import { expect, type Page } from '@playwright/test';

/** The Support Tickets screen, its ticket detail dialog and the dialogs they open. */
export class SupportTicketsPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Support tickets' });
  readonly rowActions = (id: number) => this.page.getByRole('group', { name: `Actions for ticket ${id}` });
  readonly action = (id: number, name: string) =>
    this.rowActions(id).getByRole('button', { name: `${name} ticket ${id}`, exact: true });
  readonly detail = (id: number) => this.page.getByRole('dialog', { name: new RegExp(`^Ticket ${id} (OPEN|CLOSED)$`) });
  readonly commentDialog = (id: number) => this.page.getByRole('dialog', { name: `New Comment on Ticket ${id}` });
  readonly attachmentDialog = (id: number) => this.page.getByRole('dialog', { name: `New Attachment on Ticket ${id}` });

  async open() {
    await this.page.goto('/SupportTickets');
    await expect(this.grid()).toBeVisible();
  }

  async filterBySerial(serial: string) {
    await this.page.getByRole('textbox', { name: 'Serial Number', exact: true }).fill(serial);
    await expect(this.grid().getByRole('row').filter({ hasNotText: serial })).toHaveCount(1);
    await this.settled();
  }

  async toggle(label: 'Only My Tickets' | 'Include Closed Tickets') {
    await this.page.getByRole('switch', { name: label }).click();
  }

  /** The grid re-reads on filters and live events; a click during a load would hit its overlay. */
  async settled() {
    await expect(this.grid().getByRole('progressbar')).toHaveCount(0);
  }

  /** The ticket's Diagnostics tab, once every item of its newest snapshot is in. */
  async openDiagnostics(id: number) {
    await this.detail(id).getByRole('tab', { name: 'Diagnostics' }).click();
    await expect(this.detail(id).getByRole('list', { name: 'Diagnostic items' }).first()).toBeVisible();
    await expect(this.detail(id).getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  }

  async openDiagnosticItem(id: number, label: string) {
    await this.detail(id)
      .getByRole('list', { name: 'Diagnostic items' })
      .first()
      .getByRole('button', { name: `Open ${label}` })
      .click();
  }

  async openDetail(id: number) {
    await this.settled();
    // A live event (another console's ticket) re-reads the list: a click that lands on the row being
    // replaced opens nothing, so the user clicks again.
    await expect(async () => {
      await this.rowActions(id)
        .getByRole('button', { name: `View details of ticket ${id}` })
        .click();
      await expect(this.detail(id)).toBeVisible({ timeout: 2_000 });
    }).toPass();
  }

  async addComment(id: number, text: string) {
    await this.detail(id).getByRole('button', { name: 'New Comment' }).click();
    const dialog = this.commentDialog(id);
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill(text);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Attaches a PNG drawn in the page (width × height), checking Upload waits for file and description. */
  async attachPng(id: number, description: string, width = 320, height = 240) {
    const base64 = await this.page.evaluate(
      ([w, h]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#1565c0';
        context.fillRect(0, 0, w, h);
        return canvas.toDataURL('image/png').split(',')[1]!;
      },
      [width, height] as const,
    );
    await this.detail(id).getByRole('button', { name: 'New Attachment' }).click();
    const dialog = this.attachmentDialog(id);
    const upload = dialog.getByRole('button', { name: 'Upload' });
    await expect(upload).toBeDisabled();
    await dialog.getByLabel('Image file').setInputFiles({
      name: 'wheel.png',
      mimeType: 'image/png',
      buffer: Buffer.from(base64, 'base64'),
    });
    await expect(upload).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await upload.click();
    await expect(dialog).toBeHidden();
  }
}
