import Chip, { type ChipProps } from '@mui/material/Chip';
import type { RolloutState } from '@ed/contract/rollouts';

const STATE_COLORS: Record<RolloutState, ChipProps['color']> = {
  draft: 'default',
  running: 'info',
  paused: 'warning',
  completed: 'success',
  cancelled: 'default',
};

/** A rollout's state as a chip: paused stands out, cancelled is outlined. */
export function RolloutStateChip({ state }: { state: RolloutState }) {
  return (
    <Chip
      size="small"
      label={state}
      color={STATE_COLORS[state]}
      variant={state === 'cancelled' ? 'outlined' : 'filled'}
      data-state={state}
    />
  );
}
