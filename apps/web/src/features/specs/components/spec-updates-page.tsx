import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { GridColDef } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router';
import { hasPermission } from '@ed/contract/permissions';
import { specsRoutes } from '@ed/contract/routes/specs';
import type { SpecUpdate } from '@ed/contract/specs';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { useSession } from '../../../shared/auth/use-session';
import { useListState } from '../../../shared/lib/use-list-state';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useSpecUpdates, useSpecVersions } from '../api/specs';
import { SpecReleaseActions } from './spec-release-actions';
import { SpecUpdateDialog } from './spec-update-dialog';

const na = (v: string | null) => v ?? 'N/A';
/** The releases list has no filter: only its page is in the address (?tab=releases&page=2). */
const NO_FILTERS = {};

/** Installed spec versions, log scale, totals above 1, unknown skipped (part 2 §2). */
function SpecStatistics() {
  const versions = (useSpecVersions().data ?? []).filter((v) => v.total > 1 && v.name && v.name !== 'unknown');
  if (versions.length === 0)
    return <Typography color="text.secondary">No spec version is installed on more than one unit.</Typography>;
  return (
    <Box role="img" aria-label={`Installed spec versions: ${versions.map((v) => `${v.name} ${v.total}`).join(', ')}`}>
      <BarChart
        height={320}
        xAxis={[{ scaleType: 'band', data: versions.map((v) => v.name) }]}
        yAxis={[{ scaleType: 'symlog' }]}
        series={[{ data: versions.map((v) => v.total), label: 'Units' }]}
        hideLegend
        aria-hidden
      />
    </Box>
  );
}

interface SpecReleasesProps {
  mayManage: boolean;
  mayRollOut: boolean;
  onCreate: () => void;
  onEdit: (s: SpecUpdate) => void;
}

function SpecReleases(props: SpecReleasesProps) {
  const { page, setPage } = useListState(NO_FILTERS);
  const list = useSpecUpdates(page + 1);
  const columns: GridColDef<SpecUpdate>[] = [
    { field: 'name', headerName: 'Display Name', flex: 1, minWidth: 90, valueGetter: (_v, r) => r.version.name },
    { field: 'month', headerName: 'Month', width: 68, valueGetter: (_v, r) => r.version.month },
    { field: 'year', headerName: 'Year', width: 64, valueGetter: (_v, r) => r.version.year },
    {
      field: 'require',
      headerName: 'Aligners Require',
      width: 84,
      valueGetter: (_v, r) => na(r.prerequisites.require),
    },
    {
      field: 'gtpsRequire',
      headerName: 'Tru-Points Require',
      width: 92,
      valueGetter: (_v, r) => na(r.prerequisites.gtpsRequire),
    },
    {
      field: 'oasisRequire',
      headerName: 'Oasis Require',
      width: 80,
      valueGetter: (_v, r) => na(r.prerequisites.oasisRequire),
    },
    { field: 'active', headerName: 'Active', width: 68, valueGetter: (_v, r) => (r.active ? 'yes' : 'no') },
    { field: 'targetFamily', headerName: 'Target Family', width: 80 },
    {
      field: 'filter',
      headerName: 'Filtered',
      width: 80,
      renderCell: ({ row }) => (
        <Tooltip title={row.filter.join(', ')}>
          <span>{row.filter.length === 1 && row.filter[0] === '*' ? 'no' : 'yes'}</span>
        </Tooltip>
      ),
    },
    { field: 'path', headerName: 'Path', flex: 1, minWidth: 100 },
    {
      field: 'createdAt',
      headerName: 'Created At',
      flex: 1,
      minWidth: 96,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    {
      field: 'updatedAt',
      headerName: 'Updated At',
      flex: 1,
      minWidth: 96,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      // Edit and Roll out side by side; the name and path give up 10 px each so the table still fits 1280 px.
      width: 148,
      renderCell: ({ row }) => (
        <SpecReleaseActions
          release={row}
          mayEdit={props.mayManage}
          mayRollOut={props.mayRollOut}
          onEdit={props.onEdit}
        />
      ),
    },
  ];
  return (
    <ListScreen
      toolbar={
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {props.mayManage && (
            <Button variant="contained" onClick={props.onCreate}>
              Create Spec Update
            </Button>
          )}
          <ExportCsvButton route={specsRoutes.exportSpecUpdates} query={{}} fileName="spec-releases.csv" />
        </Stack>
      }
      list={list}
      label="Spec releases"
      emptyText="No spec releases yet: create one from a validated path."
      // Thirteen columns do not fit a laptop: the two times wait behind the Columns button.
      hiddenByDefault={['createdAt', 'updatedAt']}
      // Ten rows: every column rendered, so Edit and Roll out are reachable by keyboard and tests without scrolling.
      disableVirtualization
      columns={columns}
      page={page}
      onPageChange={setPage}
    />
  );
}

/** Spec Updates (/SpecUpdates): Statistics and Spec Releases tabs, deep-linked as ?tab=. */
export function SpecUpdatesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'releases' ? 'releases' : 'statistics';
  const role = useSession()?.user.role;
  const mayManage = role ? hasPermission(role, 'specs.manage') : false;
  const mayRollOut = role ? hasPermission(role, 'rollouts.manage') : false;
  const [dialog, setDialog] = useState<{ editing: SpecUpdate | null } | null>(null);
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_, t: string) => setParams({ tab: t })} aria-label="Spec updates">
        <Tab value="statistics" label="Statistics" />
        <Tab value="releases" label="Spec Releases" />
      </Tabs>
      {tab === 'statistics' ? (
        <SpecStatistics />
      ) : (
        <SpecReleases
          mayManage={mayManage}
          mayRollOut={mayRollOut}
          onCreate={() => setDialog({ editing: null })}
          onEdit={(s) => setDialog({ editing: s })}
        />
      )}
      {dialog && (
        <SpecUpdateDialog
          key={dialog.editing?.id ?? 'new'}
          editing={dialog.editing}
          open
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
