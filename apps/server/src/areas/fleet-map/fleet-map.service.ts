import type { FleetMapRegionsResponse, FleetMapResponse } from '@ed/contract/fleet-map';
import type { FleetMapRepository } from './fleet-map.repository.js';

/** The fleet map's answers, from the counters: per country, and per region of one country. */
export class FleetMapService {
  constructor(private readonly repository: FleetMapRepository) {}

  async world(): Promise<FleetMapResponse> {
    const rows = await this.repository.countries();
    const unlocated = { connected: 0, total: 0 };
    const countries: FleetMapResponse['countries'] = [];
    for (const row of rows) {
      if (row.key === '') Object.assign(unlocated, { connected: row.connected, total: row.total });
      else countries.push({ countryCode: row.key, connected: row.connected, total: row.total });
    }
    return {
      countries,
      unlocated,
      connected: rows.reduce((sum, r) => sum + r.connected, 0),
      total: rows.reduce((sum, r) => sum + r.total, 0),
    };
  }

  async regions(countryCode: string): Promise<FleetMapRegionsResponse> {
    const [rows, totals] = await Promise.all([
      this.repository.regions(countryCode),
      this.repository.country(countryCode),
    ]);
    return {
      countryCode,
      regions: rows.map((r) => ({ region: r.key === '' ? null : r.key, connected: r.connected, total: r.total })),
      ...totals,
    };
  }
}
