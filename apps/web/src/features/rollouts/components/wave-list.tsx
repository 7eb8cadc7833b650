import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { countOf } from '@ed/contract/count-text';
import type { RolloutWave } from '@ed/contract/rollouts';

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

export const GATE_TEXT = 'Holds after this wave until someone resumes';

const WAVE_STATE_COLORS = { waiting: 'default', running: 'info', done: 'success' } as const;

function WaveItem({ wave, actions }: { wave: RolloutWave; actions?: ReactNode }) {
  const n = wave.index + 1;
  const bad = wave.failed + wave.hung;
  const counts = [
    `In flight ${wave.inFlight}`,
    `Completed ${wave.completed}`,
    `Failed ${wave.failed}`,
    `Hung ${wave.hung}`,
    `Skipped ${wave.skipped}`,
    `Offline ${wave.offline}`,
    `Tickets ${wave.tickets}`,
  ];
  return (
    <Paper variant="outlined" component="li" aria-label={`Wave ${n}`} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h4">{`Wave ${n}`}</Typography>
        <Typography>{countOf(wave.size, 'unit')}</Typography>
        <Chip size="small" label={wave.state} color={WAVE_STATE_COLORS[wave.state]} />
        <Typography variant="body2" color="text.secondary">
          {`Next wave at ${wave.successThreshold} % completed`}
        </Typography>
        {wave.pauseAfter && (
          <Tooltip title={GATE_TEXT}>
            <PauseCircleOutlined titleAccess={GATE_TEXT} color="action" fontSize="small" />
          </Tooltip>
        )}
      </Stack>
      <Stack spacing={0.5}>
        <LinearProgress
          variant="determinate"
          value={percentOf(wave.completed, wave.size)}
          aria-label={`Wave ${n} completed`}
          aria-valuetext={`${wave.completed} of ${wave.size} completed`}
          color="success"
          sx={{ height: 8, borderRadius: 1 }}
        />
        <LinearProgress
          variant="determinate"
          value={percentOf(bad, wave.size)}
          aria-label={`Wave ${n} failed or hung`}
          aria-valuetext={`${bad} of ${wave.size} failed or hung`}
          color="error"
          sx={{ height: 4, borderRadius: 1 }}
        />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {counts.join(' · ')}
      </Typography>
      {actions}
    </Paper>
  );
}

/**
 * The rollout's waves in order, each with its progress: completed in green, failed and hung in red
 * below; `actionsFor` gives a wave its buttons (the running wave's, for those who may run rollouts).
 */
export function WaveList({
  waves,
  actionsFor,
}: {
  waves: readonly RolloutWave[];
  actionsFor?: (wave: RolloutWave) => ReactNode;
}) {
  return (
    <Stack component="ol" aria-label="Waves" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {waves.map((wave) => (
        <WaveItem key={wave.index} wave={wave} actions={actionsFor?.(wave)} />
      ))}
    </Stack>
  );
}
