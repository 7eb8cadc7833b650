import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { z } from 'zod';
import { ROLLOUT_UNIT_STATES, ROLLOUT_UNITS_PAGE_SIZE, type rolloutUnitSchema } from '@ed/contract/rollouts';
import { ListScreen } from '../../../shared/components/list-screen';
import { detailSearch } from '../../../shared/equipment/lib/detail-param';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useListState } from '../../../shared/lib/use-list-state';
import { useRolloutUnits } from '../api/rollouts';

type RolloutUnit = z.infer<typeof rolloutUnitSchema>;

/** The units' filter and page in the address, beside the rollout's: ?units.state=failed&units.page=2. */
const NO_FILTERS = { state: '' };
const LIST_OPTIONS = { prefix: 'units.' };
const stateOf = z.enum(ROLLOUT_UNIT_STATES).optional().catch(undefined);

const time = (value: string | null) => (value ? formatDateTime(value) : '');

const COLUMNS: GridColDef<RolloutUnit>[] = [
  {
    field: 'serialNumber',
    headerName: 'Serial Number',
    width: 130,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={detailSearch(row.serialNumber)}>
        {row.serialNumber}
      </Link>
    ),
  },
  { field: 'wave', headerName: 'Wave', width: 70, type: 'number', valueGetter: (value: number) => value + 1 },
  { field: 'state', headerName: 'State', width: 100 },
  { field: 'stagedAt', headerName: 'Staged At', width: 160, valueFormatter: time },
  { field: 'doneAt', headerName: 'Done At', width: 160, valueFormatter: time },
  { field: 'reason', headerName: 'Reason', minWidth: 160, flex: 1 },
];

/** The rollout's units, 50 a page, of one state or all, so that failures and hung installs can be looked at. */
export function RolloutUnits({ id }: { id: number }) {
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS, LIST_OPTIONS);
  const state = stateOf.parse(filters.state || undefined);
  const query = useMemo(() => ({ id, page: page + 1, state }), [id, page, state]);
  const units = useRolloutUnits(query);
  const toolbar = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="h6" component="h3">
        Units
      </Typography>
      <TextField
        size="small"
        select
        label="Unit state"
        value={state ?? ''}
        onChange={(e) => setFilters({ state: e.target.value })}
        sx={{ minWidth: 160 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">all</MenuItem>
        {ROLLOUT_UNIT_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
  return (
    <Stack component="section" aria-label="Units" spacing={1}>
      <ListScreen
        toolbar={toolbar}
        list={units}
        label="Rollout units"
        getRowId={(row) => row.serialNumber}
        columns={COLUMNS}
        page={page}
        onPageChange={setPage}
        pageSize={ROLLOUT_UNITS_PAGE_SIZE}
        disableColumnMenu
      />
    </Stack>
  );
}
