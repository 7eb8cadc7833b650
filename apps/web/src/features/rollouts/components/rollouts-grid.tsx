import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ROLLOUTS_PAGE_SIZE, type RolloutSummary } from '@ed/contract/rollouts';
import { CellText } from '../../../shared/components/cell-text';
import { ListScreen, type ListQuery, type ListSlots, type Paged } from '../../../shared/components/list-screen';
import { rolloutPath } from '../../../shared/lib/app-links';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { payloadText } from '../utils/payload';
import { RolloutStateChip } from './rollout-state-chip';

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

const count = (field: 'failed' | 'hung' | 'tickets', headerName: string): GridColDef<RolloutSummary> => ({
  field,
  headerName,
  type: 'number',
  width: 72,
});

// Fits a 1280 px screen beside the menu: the fixed columns take 590 px, the three flexible ones share the rest.
const COLUMNS: GridColDef<RolloutSummary>[] = [
  {
    field: 'name',
    headerName: 'Name',
    minWidth: 120,
    flex: 1,
    renderCell: ({ row, hasFocus }) => (
      <CellText text={row.name} hasFocus={hasFocus}>
        <Link component={RouterLink} to={rolloutPath(row.id)}>
          {row.name}
        </Link>
      </CellText>
    ),
  },
  {
    field: 'version',
    headerName: 'Version',
    width: 120,
    // A spec rollout's version is its release's name: "Spec" tells it from software.
    valueGetter: (_v, row) => `${row.family} ${payloadText(row)}`,
  },
  { field: 'targetLabel', headerName: 'Target', minWidth: 110, flex: 1 },
  {
    field: 'state',
    headerName: 'State',
    width: 150,
    renderCell: ({ row }) => (
      <Stack sx={{ height: '100%', justifyContent: 'center', alignItems: 'flex-start', minWidth: 0 }}>
        <RolloutStateChip state={row.state} />
        {row.state === 'paused' && row.pausedReason && (
          <Tooltip title={row.pausedReason}>
            <Typography variant="caption" noWrap sx={{ maxWidth: '100%' }}>
              {row.pausedReason}
            </Typography>
          </Tooltip>
        )}
      </Stack>
    ),
  },
  {
    field: 'progress',
    headerName: 'Progress',
    width: 128,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <LinearProgress
            variant="determinate"
            value={percentOf(row.completed, row.total)}
            aria-label={`Progress of ${row.name}`}
            aria-valuetext={`${row.completed} of ${row.total} completed`}
          />
        </Box>
        <Typography variant="body2">{`${row.completed}/${row.total}`}</Typography>
      </Stack>
    ),
  },
  count('failed', 'Failed'),
  count('hung', 'Hung'),
  count('tickets', 'Tickets'),
  {
    field: 'createdAt',
    headerName: 'Created',
    minWidth: 130,
    flex: 1,
    valueFormatter: (value: string, row) => `${row.createdBy}, ${formatDateTime(value)}`,
  },
];

export interface RolloutsGridProps extends ListSlots {
  list: ListQuery<Paged<RolloutSummary>>;
  page: number;
  onPageChange: (page: number) => void;
}

/** The rollouts, newest first, 25 a page on the server; a name opens the rollout. */
export function RolloutsGrid(props: RolloutsGridProps) {
  return <ListScreen label="Rollouts" {...props} columns={COLUMNS} pageSize={ROLLOUTS_PAGE_SIZE} disableColumnMenu />;
}
