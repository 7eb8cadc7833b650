import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '@ed/contract/constants';
import { trupointRoutes } from '@ed/contract/routes/trupoint';
import { PAIRING_SORT_KEYS, type Pairing, type PairingSortKey, type PairingState } from '@ed/contract/trupoint';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useListState } from '../../../shared/lib/use-list-state';
import { usePairings } from '../api/pairings';
import { PairingDetailDialog } from './pairing-detail-dialog';

/** No filter: the page and sort are in the address beside the tab, as ?tab=completed&page=2&sort=-createdAt. */
const NO_FILTERS = {};
const LIST_OPTIONS = { sortFields: PAIRING_SORT_KEYS };

const formatTime = (value: string) => dayjs(value).format(DATE_TIME_FORMAT);

const EXPORTS = {
  active: trupointRoutes.exportActivePairings,
  completed: trupointRoutes.exportCompletedPairings,
  aborted: trupointRoutes.exportAbortedPairings,
} as const;

/** The columns of part 2 §2; the sortable ones are named as the server's sortBy keys. */
function columns(state: PairingState, view: (pairing: Pairing) => void): GridColDef<Pairing>[] {
  const list: GridColDef<Pairing>[] = [
    { field: 'vendor', headerName: 'Vendor', flex: 1, minWidth: 120 },
    { field: 'vendorKey', headerName: 'Vendor Key', width: 110, sortable: false },
    { field: 'alignmentId', headerName: 'Alignment ID', width: 120, sortable: false },
    { field: 'truPointSerialNumber', headerName: 'Tru-Point Serial Number', width: 130 },
    { field: 'createdAt', headerName: 'Created At', minWidth: 96, flex: 1, valueFormatter: formatTime },
  ];
  if (state === 'active') {
    list.push({
      field: 'updatedAt',
      headerName: 'Updated At',
      minWidth: 96,
      flex: 1,
      sortable: false,
      valueFormatter: formatTime,
    });
  }
  if (state === 'aborted')
    list.push({ field: 'reason', headerName: 'Reason', flex: 1.5, minWidth: 140, sortable: false });
  list.push({
    field: 'actions',
    headerName: 'Actions',
    width: 80,
    sortable: false,
    renderCell: ({ row }) => (
      <TooltipIconButton label={`View pairing ${row.alignmentId}`} tooltip="View" onClick={() => view(row)}>
        <VisibilityIcon />
      </TooltipIconButton>
    ),
  });
  return list;
}

/** One tab's table: server paging by 10 and sorting, refreshed while open; a row opens its detail. */
export function PairingsTable({ state }: { state: PairingState }) {
  const { page, setPage, sortModel, setSortModel } = useListState(NO_FILTERS, LIST_OPTIONS);
  const [shownId, setShownId] = useState<string | null>(null);
  const [order] = sortModel;
  const sort = {
    sortBy: order ? (order.field as PairingSortKey) : undefined,
    sortDesc: order ? order.sort === 'desc' : undefined,
  };
  const list = usePairings(state, { page: page + 1, ...sort });
  const columnDefs = useMemo(() => columns(state, (pairing) => setShownId(pairing.id)), [state]);
  // The detail follows the refreshed row, so calibrations appear while it is open.
  const shown = list.data?.docs.find((p) => p.id === shownId);

  return (
    <ListScreen
      toolbar={
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <ExportCsvButton route={EXPORTS[state]} query={sort} fileName={`${state}-pairings.csv`} />
        </Box>
      }
      list={list}
      alertSx={{ mb: 2 }}
      label={`${state[0]!.toUpperCase()}${state.slice(1)} pairings`}
      getRowId={(row) => row.id}
      columns={columnDefs}
      page={page}
      onPageChange={setPage}
      sortModel={sortModel}
      onSortModelChange={setSortModel}
      onRowDoubleClick={({ id }) => setShownId(String(id))}
    >
      {shown && <PairingDetailDialog pairing={shown} onClose={() => setShownId(null)} />}
    </ListScreen>
  );
}
