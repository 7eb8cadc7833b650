import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { vendorRoutes } from '@ed/contract/routes/vendor';
import { callRoute } from '../support/api-client.js';

/** Tru-Point Vendor Integrations (/TruPoint): the Active, Completed and Aborted tabs and the detail. */
export class TruPointPage {
  constructor(readonly page: Page) {}

  readonly grid = (tab: string) => this.page.getByRole('grid', { name: `${tab} pairings` });
  readonly row = (tab: string, alignmentId: string) => this.grid(tab).getByRole('row').filter({ hasText: alignmentId });
  readonly detail = (alignmentId: string) => this.page.getByRole('dialog', { name: `Pairing ${alignmentId}` });

  async open() {
    await this.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Tru-Point' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Tru-Point' })).toBeVisible();
  }

  async showTab(tab: 'Active' | 'Completed' | 'Aborted') {
    await this.page.getByRole('tab', { name: tab }).click();
    await expect(this.grid(tab)).toBeVisible();
  }

  /** Adds a vendor on the Vendors tab (admin) and issues it a key; returns the key, shown once. */
  async issueVendorKey(name: string): Promise<string> {
    await this.page.getByRole('tab', { name: 'Vendors' }).click();
    await this.page.getByRole('button', { name: 'Add Vendor' }).click();
    const add = this.page.getByRole('dialog', { name: 'Add Vendor' });
    await add.getByRole('textbox', { name: 'Vendor Name' }).fill(name);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();
    const row = this.page.getByRole('table', { name: 'Vendors' }).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Issue API Key' }).click();
    const shown = this.page.getByRole('dialog', { name: `API key for ${name}` });
    const apiKey = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(apiKey).toMatch(/^tpv_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(row.getByRole('button', { name: /^Revoke tpv_/ })).toBeVisible();
    return apiKey;
  }

  async openDetail(tab: string, alignmentId: string) {
    await this.row(tab, alignmentId)
      .getByRole('button', { name: `View pairing ${alignmentId}` })
      .click();
    await expect(this.detail(alignmentId)).toBeVisible();
  }
}

/** A vendor's shop system: with the key an admin issued, it pairs an alignment with a connected Tru-Point. */
export class VendorClient {
  constructor(
    private readonly request: APIRequestContext,
    private readonly apiKey: string,
  ) {}

  /** Tries each Tru-Point in turn until one takes it: each may be busy in the demo vendor's pairing. */
  async pair(alignmentId: string, serials: string[]): Promise<string> {
    let paired = '';
    await expect(async () => {
      const refusals: string[] = [];
      for (const serialNumber of serials) {
        const response = await callRoute(this.request, vendorRoutes.startPairing, {
          headers: { 'x-vendor-api-key': this.apiKey },
          body: { vendorKey: 'bay-e2e', alignmentId, serialNumber },
        });
        if (response.status() === 201) {
          paired = serialNumber;
          return;
        }
        refusals.push(`${serialNumber}: ${response.status()} ${await response.text()}`);
      }
      throw new Error(`no Tru-Point took the pairing (${refusals.join('; ')})`);
    }).toPass({ timeout: 20_000 });
    return paired;
  }
}
