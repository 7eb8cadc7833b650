import type { StagedTotals } from '@ed/contract/dashboard';
import type { Family } from '@ed/contract/families';

/** The units with a version staged, per version (dashboard's DashboardRepository). */
export interface StagedTotalsReader {
  stagedTotals(family: Family): Promise<StagedTotals>;
}
