import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countOf } from '@ed/contract/count-text';
import { FAMILY_LABELS } from '@ed/contract/families';
import { hasPermission } from '@ed/contract/permissions';
import type { Rollout } from '@ed/contract/rollouts';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { usePageSubtitle } from '../../../shared/components/page-subtitle';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ROLLOUTS_PATH } from '../../../shared/lib/app-links';
import { useLiveRollout, useRollout } from '../api/rollouts';
import { payloadText } from '../utils/payload';
import { RolloutActions } from './rollout-actions';
import { RolloutHistory, RolloutTickets } from './rollout-records';
import { RolloutStateChip } from './rollout-state-chip';
import { RolloutUnits } from './rollout-units';
import { WaveActions } from './wave-actions';
import { WaveList } from './wave-list';

function thresholdsText({ thresholds: t, perDay, slots }: Rollout): string {
  const parts = [
    `pauses above ${t.errorPercent} % failed or hung`,
    `hung after ${t.hungAfterMinutes} min`,
    `pauses above ${t.ticketPercent} % tickets within ${t.ticketWindowHours} h`,
  ];
  if (t.ticketBaselineFactor !== undefined) parts.push(`or ${t.ticketBaselineFactor}× the usual ticket rate`);
  parts.push(perDay === null ? 'no daily cap' : `${perDay} units a day`, `${slots} in flight at once`);
  return parts.join('; ');
}

function RolloutHeader({ rollout }: { rollout: Rollout }) {
  const started = rollout.startedAt ? `, started ${formatDateTime(rollout.startedAt)}` : '';
  const finished = rollout.finishedAt ? `, finished ${formatDateTime(rollout.finishedAt)}` : '';
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {rollout.name}
        </Typography>
        <RolloutStateChip state={rollout.state} />
      </Stack>
      <Typography>{`${FAMILY_LABELS[rollout.family]} ${payloadText(rollout)} to ${rollout.targetLabel}`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {`${rollout.completed} of ${rollout.total} completed, ${rollout.failed} failed, ${rollout.hung} hung, ${countOf(rollout.tickets, 'ticket')}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`Created by ${rollout.createdBy} ${formatDateTime(rollout.createdAt)}${started}${finished}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`Thresholds: ${thresholdsText(rollout)}`}
      </Typography>
    </Stack>
  );
}

/** One rollout: its header and actions, its waves' progress, its units, tickets and history; live. */
export function RolloutDetail({ id }: { id: number }) {
  const session = useSession();
  const rollout = useRollout(id);
  useLiveRollout(id);
  usePageSubtitle(rollout.data?.name);
  if (rollout.isPending) return <LinearProgress aria-label="Loading the rollout" />;
  if (rollout.isError) return <Alert severity="error">{errorMessage(rollout.error)}</Alert>;
  const r = rollout.data;
  const mayChangeWaves =
    session !== null && hasPermission(session.user.role, 'rollouts.manage') && ['running', 'paused'].includes(r.state);
  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={ROLLOUTS_PATH} variant="body2">
        All rollouts
      </Link>
      <RolloutHeader rollout={r} />
      {r.state === 'paused' && (
        <Alert severity="warning" variant="filled">
          {`Paused: ${r.pausedReason ?? 'no reason given'}`}
        </Alert>
      )}
      {session && <RolloutActions rollout={r} role={session.user.role} />}
      <Stack component="section" aria-label="Waves of the rollout" spacing={1}>
        <Typography variant="h6" component="h3">
          Waves
        </Typography>
        <WaveList
          waves={r.waves}
          actionsFor={(wave) =>
            mayChangeWaves && wave.state === 'running' ? <WaveActions rollout={r} wave={wave} /> : undefined
          }
        />
      </Stack>
      <RolloutUnits id={id} />
      <RolloutTickets tickets={r.ticketList} />
      <RolloutHistory events={r.events} />
    </Stack>
  );
}

/** /Rollouts/:id: a rollout by the number in the address. */
export function RolloutDetailPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="warning">There is no rollout at this address.</Alert>;
  return <RolloutDetail key={id} id={id} />;
}
