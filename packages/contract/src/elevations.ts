import { z } from 'zod';
import { serialNumberSchema } from './device-protocol.js';

/**
 * Elevations (docs/elevations.md): a raised log level, an open SSH port or an RCP session, each
 * for a while. When it ends the server sends the command that reverts it, as the system.
 */
const ELEVATION_KINDS = ['logLevel', 'sshPort', 'rcp'] as const;
export type ElevationKind = (typeof ELEVATION_KINDS)[number];

export const ELEVATION_LABELS: Record<ElevationKind, string> = {
  logLevel: 'Log level INFO',
  sshPort: 'SSH port open',
  rcp: 'RCP session',
};

/** The durations offered, in minutes: 15 min, 1 h, 4 h. */
export const ELEVATION_DURATIONS = [15, 60, 240] as const;
export const DEFAULT_ELEVATION_MINUTES = 60;

export const durationLabel = (minutes: number): string => (minutes < 60 ? `${minutes} min` : `${minutes / 60} h`);

export const elevationDurationSchema = z.coerce
  .number({ error: 'durationMinutes must be 15, 60 or 240' })
  .refine((m) => (ELEVATION_DURATIONS as readonly number[]).includes(m), {
    error: 'durationMinutes must be 15, 60 or 240',
  });

export const elevationSchema = z.object({
  serialNumber: z.string(),
  kind: z.enum(ELEVATION_KINDS),
  raisedBy: z.string(),
  raisedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Elevation = z.infer<typeof elevationSchema>;

export const elevationsQuerySchema = z.object({ serialNumber: serialNumberSchema });
export const elevationsResponseSchema = z.object({ elevations: z.array(elevationSchema) });
