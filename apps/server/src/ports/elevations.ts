import type { ElevationKind } from '@ed/contract/elevations';

/**
 * What the fleet's command calls tell of an elevation (RCP, an open port, the INFO log level):
 * raised, with its end, or lowered by hand. The elevations area records them and reverts each
 * when due; it gives itself to the fleet (Fleet.recordElevations), which does not depend on it,
 * so the two areas meet in one direction only.
 */
export interface ElevationRecords {
  raised(
    username: string,
    serialNumber: string,
    kind: ElevationKind,
    minutes: number | undefined,
    now: Date,
  ): Promise<{ expiresAt: string }>;
  lowered(username: string, serialNumber: string, kind: ElevationKind, now: Date): Promise<void>;
}
