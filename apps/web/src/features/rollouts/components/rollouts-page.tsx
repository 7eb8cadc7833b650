import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { z } from 'zod';
import { hasPermission } from '@ed/contract/permissions';
import { ROLLOUT_STATES } from '@ed/contract/rollouts';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListToolbar } from '../../../shared/components/list-screen';
import { useSession } from '../../../shared/auth/use-session';
import { newRolloutPath, ROLLOUTS_PATH, rolloutPath } from '../../../shared/lib/app-links';
import { useListState } from '../../../shared/lib/use-list-state';
import { useLiveRolloutList, useRollouts } from '../api/rollouts';
import { presetOf } from '../utils/wizard-values';
import { RolloutsGrid } from './rollouts-grid';
import { RolloutWizard } from './rollout-wizard';

/** The list's filter in the address: ?state=paused. */
const NO_FILTERS = { state: '' };
const stateOf = z.enum(ROLLOUT_STATES).optional().catch(undefined);

const NOT_MAY_CREATE_TEXT = 'Only admins and engineers create rollouts.';

/**
 * The Rollouts screen (/Rollouts): the rollouts of one state or all, a name opening the rollout
 * (/Rollouts/:id). /Rollouts/new opens the create wizard over the list (?family=&version= choose the version,
 * ?payload=spec&specUpdateId=&family= a spec release).
 */
export function RolloutsPage({ creating = false }: { creating?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS);
  const state = stateOf.parse(filters.state || undefined);
  const query = useMemo(() => ({ page: page + 1, state }), [page, state]);
  const list = useRollouts(query);
  useLiveRolloutList();
  const mayManage = session ? hasPermission(session.user.role, 'rollouts.manage') : false;
  const preset = useMemo(() => presetOf(params), [params]);

  const toolbar = (
    <>
      <ListToolbar>
        <TextField
          size="small"
          select
          label="State"
          value={state ?? ''}
          onChange={(e) => setFilters({ state: e.target.value })}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">all</MenuItem>
          {ROLLOUT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <ExportCsvButton route={rolloutsRoutes.exportRollouts} query={{ state }} fileName="rollouts.csv" />
        {mayManage && (
          <Button variant="contained" onClick={() => void navigate(newRolloutPath())}>
            New rollout
          </Button>
        )}
      </ListToolbar>
      {creating && !mayManage && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {NOT_MAY_CREATE_TEXT}
        </Alert>
      )}
    </>
  );
  return (
    <RolloutsGrid toolbar={toolbar} list={list} alertSx={{ mb: 2 }} page={page} onPageChange={setPage}>
      {creating && mayManage && (
        <RolloutWizard
          preset={preset}
          onClose={() => void navigate(ROLLOUTS_PATH)}
          onCreated={(rollout) => void navigate(rolloutPath(rollout.id))}
        />
      )}
    </RolloutsGrid>
  );
}
