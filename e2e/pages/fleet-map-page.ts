import { expect, type Page } from '@playwright/test';
import { AppShell } from './app-shell.js';

/** The Fleet Map screen (/FleetMap): the world map, its legend, the table of countries and a country's regions. */
export class FleetMapPage {
  constructor(readonly page: Page) {}

  readonly map = () => this.page.getByRole('group', { name: 'World map of units per country' });
  /** What the map says of the country under the pointer or the keyboard's focus. */
  readonly pointedAt = () => this.page.getByRole('status', { name: 'Country pointed at' });
  readonly table = () => this.page.getByRole('table', { name: 'Units per country' });
  /** A country on the map: a link named "Germany: 3 / 5 connected". */
  readonly country = (name: string) =>
    this.map().getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `) });

  async openFromMenu() {
    await new AppShell(this.page).menuLink('Fleet Map').click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Fleet Map' })).toBeVisible();
    await expect(this.map()).toBeVisible();
  }

  /** The table's countries as shown, top down: name, code, connected and total. */
  async rows(): Promise<{ name: string; code: string; connected: number; total: number }[]> {
    await expect(this.table().getByRole('rowheader').first()).toBeVisible();
    const rows = await this.table().getByRole('row').all();
    const out = [];
    for (const row of rows.slice(1)) {
      const [header, connected, total] = await Promise.all([
        row.getByRole('rowheader').textContent(),
        row.getByRole('cell').nth(0).textContent(),
        row.getByRole('cell').nth(1).textContent(),
      ]);
      const [, name, code] = /^(.*) \(([A-Z]{2})\)$/.exec(header ?? '') ?? [];
      out.push({ name: name ?? '', code: code ?? '', connected: Number(connected), total: Number(total) });
    }
    return out;
  }
}
