import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';
import { ELEVATION_LABELS, type Elevation } from '@ed/contract/elevations';
import { useElevations } from '../../../shared/equipment/api/elevations';
import { equipmentKeys } from '../../../shared/equipment/api/equipment';

/** "43 min left", "2 h 5 min left", "reverting…" once the time is up and the server has not yet. */
export function timeLeft(expiresAt: string, now: number): string {
  const minutes = Math.ceil((Date.parse(expiresAt) - now) / 60_000);
  if (minutes <= 0) return 'reverting…';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h > 0 ? `${h} h ` : ''}${h > 0 && m === 0 ? '' : `${m} min `}left`;
}

const elevationText = (e: Elevation, now: number) =>
  `${ELEVATION_LABELS[e.kind]} until ${dayjs(e.expiresAt).format('HH:mm')} (${timeLeft(e.expiresAt, now)})`;

/** The clock the countdowns read, ticking every few seconds while shown. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * What is raised on the unit now and when the server reverts it (docs/elevations.md): a raised log
 * level, an open port, an RCP session. Nothing when nothing is raised.
 */
export function ElevationStatus({ serialNumber }: { serialNumber: string }) {
  const elevations = useElevations(serialNumber).data ?? [];
  const now = useNow(5_000);
  const queryClient = useQueryClient();
  const count = elevations.length;
  const before = useRef(count);
  // One ended (the server reverted it): the unit changed too, so its detail is read again.
  useEffect(() => {
    if (count < before.current) void queryClient.invalidateQueries({ queryKey: equipmentKeys.detail(serialNumber) });
    before.current = count;
  }, [count, queryClient, serialNumber]);
  if (elevations.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mt: 2 }}
      role="status"
      aria-label="Elevations"
    >
      {elevations.map((e) => (
        <Chip key={e.kind} size="small" color="warning" variant="outlined" label={elevationText(e, now)} />
      ))}
    </Stack>
  );
}
