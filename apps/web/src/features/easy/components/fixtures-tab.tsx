import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { GridColDef } from '@mui/x-data-grid';
import { ezPackageName, type Fixture } from '@ed/contract/easy';
import { easyRoutes } from '@ed/contract/routes/easy';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useListState } from '../../../shared/lib/use-list-state';
import { useFixtures } from '../api/easy';
import { formatExpiry } from './expiry-date';
import { CreateFixtureDialog, FixtureDialog, type FixtureDialogKind } from './fixture-dialogs';

const FILTER_DEBOUNCE_MS = 300;
/** The filter and page in the address, apart from the Targets tab's: ?fixtures.serialNumber=&fixtures.page=2. */
const NO_FILTERS = { serialNumber: '' };
const LIST_OPTIONS = { prefix: 'fixtures.' };

function columns(open: (kind: FixtureDialogKind, fixture: Fixture) => void): GridColDef<Fixture>[] {
  return [
    { field: 'serialNumber', headerName: 'Serial Number', flex: 1, minWidth: 160, sortable: false },
    { field: 'activationCount', headerName: 'Activation Count', width: 150, sortable: false },
    {
      field: 'subscriptionPackage',
      headerName: 'Subscription Type',
      width: 170,
      sortable: false,
      valueFormatter: (value: number) => ezPackageName(value) ?? String(value),
    },
    {
      field: 'subscriptionExpires',
      headerName: 'Subscription Expiration',
      width: 200,
      sortable: false,
      valueFormatter: (value: string | null) => formatExpiry(value),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <TooltipIconButton
            label={`Edit Subscription of ${row.serialNumber}`}
            tooltip="Edit Subscription"
            onClick={() => open('subscription', row)}
          >
            <EditCalendarIcon />
          </TooltipIconButton>
          <TooltipIconButton
            label={`Reset Activation Count of ${row.serialNumber}`}
            tooltip="Reset Activation Count"
            onClick={() => open('reset', row)}
          >
            <RestartAltIcon />
          </TooltipIconButton>
          <TooltipIconButton
            label={`Delete Serial Number ${row.serialNumber}`}
            tooltip="Delete Serial Number"
            onClick={() => open('delete', row)}
          >
            <DeleteIcon />
          </TooltipIconButton>
        </>
      ),
    },
  ];
}

/** The Fixtures tab (part 2 §2): serial number filter, a server-paged table and its dialogs. */
export function FixturesTab() {
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<{ kind: FixtureDialogKind; fixture: Fixture } | null>(null);
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS, LIST_OPTIONS);
  const filter = filters.serialNumber.slice(0, 32);
  const settled = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const list = useFixtures(page + 1, settled);
  const columnDefs = useMemo(() => columns((kind, fixture) => setDialog({ kind, fixture })), []);

  const toolbar = (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <TextField
        label="Serial Number"
        size="small"
        value={filter}
        onChange={(event) => setFilters({ serialNumber: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 32 } }}
      />
      <Button variant="contained" onClick={() => setCreating(true)}>
        Create New Fixture
      </Button>
      <ExportCsvButton
        route={easyRoutes.exportFixtures}
        query={{ filterSerialNumber: settled || undefined }}
        fileName="ez-fixtures.csv"
      />
    </Box>
  );
  return (
    <ListScreen
      toolbar={toolbar}
      list={list}
      alertSx={{ mb: 2 }}
      label="Fixtures"
      getRowId={(row) => row.serialNumber}
      columns={columnDefs}
      page={page}
      onPageChange={setPage}
      disableColumnMenu
    >
      {creating && <CreateFixtureDialog onClose={() => setCreating(false)} />}
      {dialog && <FixtureDialog kind={dialog.kind} fixture={dialog.fixture} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}
