import { expect, type Page } from '@playwright/test';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { callRoute } from '../support/api-client.js';

/** What the tests need to know of a unit, as GET /read/aligners/v1 returns it. */
export interface UnitSummary {
  serialNumber: string;
  family: 'aligner' | 'gtps' | 'aligner-oasis';
  version: { semantic: string } | null;
  logLevel: 'WARN' | 'INFO' | null;
  systemClass: string | null;
  connected: boolean;
  pendingSoftwareDownload: string | null;
}

const atLeast = (version: string | undefined, minimum: string) => {
  const a = (version ?? '0').split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

/** The gates of part 1 §6 the tests choose units by. */
export const gates = {
  screenShot: (u: UnitSummary) =>
    u.family === 'aligner'
      ? atLeast(u.version?.semantic, '4.3.0') && u.systemClass !== 'DRAGON_HEADLESS'
      : atLeast(u.version?.semantic, '1.0.0'),
  loggingLevel: (u: UnitSummary) =>
    atLeast(u.version?.semantic, u.family === 'aligner-oasis' ? '1.0.0' : u.family === 'gtps' ? '1.2.0' : '5.0.0'),
  updateStatus: (u: UnitSummary) =>
    (u.family === 'aligner' && atLeast(u.version?.semantic, '4.3.0')) ||
    (u.family === 'gtps' && atLeast(u.version?.semantic, '1.0.0')),
};

/** The Equipment screen (/Aligners) and the top bar's serial search. */
export class EquipmentPage {
  constructor(readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Equipment' });
  readonly rowActions = (serial: string) => this.page.getByRole('group', { name: `Actions for ${serial}` });
  readonly searchBox = () => this.page.getByRole('textbox', { name: 'Serial number search' });

  async open() {
    await this.page.goto('/Aligners');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible();
    await expect(this.grid().getByRole('row').nth(1)).toBeVisible();
  }

  /** The serial number in the table's first row. */
  async firstSerial(): Promise<string> {
    const cell = this.grid().getByRole('row').nth(1).getByRole('gridcell').first();
    await expect(cell).toHaveText(/^[A-Z0-9]{8,9}$/);
    return (await cell.textContent())!.trim();
  }

  async search(text: string) {
    await this.searchBox().fill(text);
    await this.searchBox().press('Enter');
  }

  /** Every unit, read through the list call with the signed-in user's token, for choosing one by its facts. */
  async units(): Promise<UnitSummary[]> {
    const token = await this.page.evaluate(() => JSON.parse(localStorage.getItem('user-token') ?? '{}').access_token);
    const headers = { Authorization: `Bearer ${token}` };
    const units: UnitSummary[] = [];
    for (let page = 1; ; page += 1) {
      const response = await callRoute(this.page.request, alignersRoutes.getAligners, { query: { page }, headers });
      expect(response.ok()).toBe(true);
      const body = await response.json();
      units.push(...body.docs);
      if (body.docs.length === 0 || units.length >= body.totalDocs) return units;
    }
  }

  async unitWhere(description: string, predicate: (unit: UnitSummary) => boolean): Promise<UnitSummary> {
    const unit = (await this.units()).find((u) => u.connected && predicate(u));
    if (!unit) throw new Error(`The demo fleet has no connected unit that ${description}.`);
    return unit;
  }
}
