import { useMemo } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import type { Family } from '@ed/contract/families';
import { familySchedulerReads } from '@ed/contract/routes/update-scheduler';
import { SCHEDULER_SORTS, type SchedulerDevice } from '@ed/contract/update-scheduler';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useListState } from '../../../shared/lib/use-list-state';
import { CountryFlag } from '../../../shared/equipment/components/country-flag';
import { VersionChip } from '../../../shared/equipment/components/version-chip';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useSchedulerDevices } from '../api/update-scheduler';

const FILTERS = [
  ['filterState', 'State'],
  ['filterCountryCode', 'Country code'],
  ['filterSoftwareVersion', 'Software version'],
  ['filterFamily', 'Family'],
  ['filterSerialNumber', 'Serial number'],
] as const;
type FilterKey = (typeof FILTERS)[number][0];
/**
 * The view in the address beside ?family=&view=: ?connected=1&staged=1, the filters as ?state=&country=
 * &version=&filterFamily=&serialNumber= (family is the tab's), the page and the sort (serialNumber when absent).
 */
const NO_FILTERS: Record<FilterKey | 'connected' | 'staged', string> = {
  connected: '',
  staged: '',
  filterState: '',
  filterCountryCode: '',
  filterSoftwareVersion: '',
  filterFamily: '',
  filterSerialNumber: '',
};
const LIST_OPTIONS = {
  names: {
    filterState: 'state',
    filterCountryCode: 'country',
    filterSoftwareVersion: 'version',
    filterSerialNumber: 'serialNumber',
  },
  sortFields: SCHEDULER_SORTS,
  defaultSort: 'serialNumber',
};

const stagedText = (d: SchedulerDevice) => (d.staging.isStaged ? (d.staging.autoStaged ? '(yes)' : 'yes') : 'no');

function columns(latest: string | null): GridColDef<SchedulerDevice>[] {
  const sortable = (field: string) => (SCHEDULER_SORTS as readonly string[]).includes(field);
  // Eleven columns inside a 1280 px screen: dates wrap to two lines, the rest is as wide as its values.
  const defs: GridColDef<SchedulerDevice>[] = [
    { field: 'serialNumber', headerName: 'Serial Number', minWidth: 104, flex: 1 },
    {
      field: 'countryCode',
      headerName: 'Country',
      width: 76,
      valueGetter: (_v, row) => row.geolocation.country_code,
      renderCell: ({ row }) => <CountryFlag countryCode={row.geolocation.country_code} />,
    },
    { field: 'family', headerName: 'Family', width: 76 },
    {
      field: 'version',
      headerName: 'Current Version',
      width: 76,
      valueGetter: (_v, row) => row.version?.semantic ?? null,
      renderCell: ({ row }) => <VersionChip version={row.version?.semantic} latest={latest} />,
    },
    {
      field: 'lastSeenOnlineAt',
      headerName: 'Last Online At',
      minWidth: 96,
      flex: 1,
      valueFormatter: (v: string | null) => (v ? formatDateTime(v) : ''),
    },
    { field: 'staged', headerName: 'Staged', width: 70, valueGetter: (_v, row) => stagedText(row) },
    {
      field: 'stagedVersion',
      headerName: 'Staged Version',
      width: 72,
      valueGetter: (_v, row) => row.staging.stagedVersion?.semantic ?? '',
    },
    {
      field: 'stagedAt',
      headerName: 'Staged At',
      minWidth: 96,
      flex: 1,
      valueGetter: (_v, row) => (row.staging.stagedAt ? formatDateTime(row.staging.stagedAt) : ''),
    },
    {
      field: 'connected',
      headerName: 'Connected',
      width: 92,
      valueGetter: (_v, row) => (row.connected ? 'yes' : 'no'),
    },
    {
      field: 'state',
      headerName: 'State',
      minWidth: 130,
      flex: 1.5,
      valueGetter: (_v, row) => row.bestGuessAtSoftwareUpdateState,
    },
    {
      field: 'updateVersion',
      headerName: 'Update Version',
      width: 72,
      valueGetter: (_v, row) => (row.connected ? (row.bestGuessAtSoftwareUpdateVersion?.semantic ?? '') : ''),
    },
  ];
  return defs.map((d) => ({ ...d, sortable: sortable(d.field) }));
}

/** The scheduler's device table (part 2 §2): two toggles, five filters, pages of 10, server-side sorting. */
export function SchedulerTable({ family, latest }: { family: Family; latest: string | null }) {
  const { filters, page, sortModel, setFilters, setPage, setSortModel } = useListState(NO_FILTERS, LIST_OPTIONS);
  const onlyConnected = filters.connected === '1';
  const onlyStaged = filters.staged === '1';
  // Only the typed filters wait for typing to stop; the switches apply at once.
  const typed = JSON.stringify(FILTERS.map(([key]) => [key, filters[key]]));
  const debounced = useDebouncedValue(typed, 300);
  const sort = sortModel[0];
  const query = {
    page: page + 1,
    ...Object.fromEntries((JSON.parse(debounced) as [FilterKey, string][]).filter(([, v]) => v)),
    sortBy: (sort?.field ?? 'serialNumber') as (typeof SCHEDULER_SORTS)[number],
    sortDesc: sort?.sort === 'desc' ? 'true' : 'false',
    onlyConnected: onlyConnected ? 'true' : 'false',
    onlyStaged: onlyStaged ? 'true' : 'false',
  } as const;
  const devices = useSchedulerDevices(family, query);
  const { page: _page, ...exportQuery } = query;
  const defs = useMemo(() => columns(latest), [latest]);

  const toolbar = (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <FormControlLabel
        control={
          <Switch checked={onlyConnected} onChange={(e) => setFilters({ connected: e.target.checked ? '1' : '' })} />
        }
        label="Connected"
      />
      <FormControlLabel
        control={<Switch checked={onlyStaged} onChange={(e) => setFilters({ staged: e.target.checked ? '1' : '' })} />}
        label="Staged"
      />
      {FILTERS.map(([key, label]) => (
        <TextField
          key={key}
          size="small"
          label={label}
          value={filters[key]}
          onChange={(e) => setFilters({ [key]: e.target.value })}
          sx={{ width: 150 }}
        />
      ))}
      <ExportCsvButton
        route={familySchedulerReads[family].exportDevices}
        query={exportQuery}
        fileName={`update-scheduler-${family}.csv`}
      />
    </Stack>
  );
  return (
    <Stack spacing={2}>
      <ListScreen
        toolbar={toolbar}
        list={devices}
        label="Update scheduler units"
        getRowId={(row) => row.serialNumber}
        columns={defs}
        page={page}
        onPageChange={setPage}
        sortModel={sortModel}
        onSortModelChange={setSortModel}
      />
    </Stack>
  );
}
