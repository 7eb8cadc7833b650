import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEntry } from '@ed/contract/audits';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useListState } from '../../../shared/lib/use-list-state';
import { auditQuery, NO_AUDIT_FILTERS, useAudits } from '../api/audits';

const FILTER_DEBOUNCE_MS = 300;
const TEXT_FILTERS = [
  { key: 'filterUsername', label: 'User' },
  { key: 'filterAction', label: 'Action (starts with)' },
  { key: 'filterTarget', label: 'Target' },
  { key: 'filterAddress', label: 'Address' },
] as const;

/** What an investigator looks for first: everything refused, or one kind of refusal. */
const OUTCOMES = [
  { value: '', label: 'Any' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'refused', label: 'Refused (any)' },
  { value: '401', label: '401 Not signed in' },
  { value: '403', label: '403 Not allowed' },
  { value: '429', label: '429 Too many' },
] as const;

/** The filters' names in the address: ?user=&action=&target=&address=&outcome=&from=&to= (and ?page=). */
const FILTER_PARAMS = {
  filterUsername: 'user',
  filterAction: 'action',
  filterTarget: 'target',
  filterAddress: 'address',
  filterOutcome: 'outcome',
} as const;
const LIST_OPTIONS = { names: FILTER_PARAMS };

/**
 * The Audits screen (/Audits, admin): who changed what, filters, pages of 10 and a CSV export.
 * The filters and the page live in the address (?user=&action=&target=&address=&outcome=&from=&to=&page=), so
 * a view can be linked to: an investigator filters by an address and by what was refused.
 */
export function AuditsPage() {
  const { filters, page, setFilters, setPage } = useListState(NO_AUDIT_FILTERS, LIST_OPTIONS);
  const settled = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const list = useAudits(settled, page);
  const exportQuery = useMemo(() => auditQuery(settled), [settled]);
  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      {
        field: 'at',
        headerName: 'Time (UTC)',
        minWidth: 110,
        flex: 1,
        valueFormatter: (v: string) => v.replace('T', ' ').replace('Z', ''),
      },
      { field: 'username', headerName: 'User', width: 110 },
      { field: 'action', headerName: 'Action', flex: 1.5, minWidth: 160 },
      { field: 'target', headerName: 'Target', flex: 1, minWidth: 120 },
      { field: 'outcome', headerName: 'Outcome', width: 90 },
      { field: 'address', headerName: 'Address', width: 130 },
      { field: 'requestId', headerName: 'Request ID', flex: 1, minWidth: 140 },
    ],
    [],
  );

  const toolbar = (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap' }}
      role="search"
      aria-label="Filters"
    >
      {TEXT_FILTERS.map(({ key, label }) => (
        <TextField
          key={key}
          size="small"
          label={label}
          value={filters[key]}
          onChange={(e) => setFilters({ [key]: e.target.value.slice(0, 200) })}
        />
      ))}
      <TextField
        select
        size="small"
        label="Outcome"
        value={filters.filterOutcome}
        onChange={(e) => setFilters({ filterOutcome: e.target.value })}
        sx={{ minWidth: 150 }}
      >
        {OUTCOMES.map(({ value, label }) => (
          <MenuItem key={value || 'any'} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {(['from', 'to'] as const).map((key) => (
        <TextField
          key={key}
          size="small"
          type="datetime-local"
          label={key === 'from' ? 'From (UTC)' : 'To (UTC)'}
          value={filters[key]}
          onChange={(e) => setFilters({ [key]: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <ExportCsvButton route={auditsRoutes.exportCsv} query={exportQuery} fileName="audit-log.csv" />
    </Stack>
  );
  return (
    <ListScreen
      toolbar={toolbar}
      list={list}
      label="Audit log"
      columns={columns}
      getRowId={(row) => row.id}
      page={page}
      onPageChange={setPage}
    />
  );
}
