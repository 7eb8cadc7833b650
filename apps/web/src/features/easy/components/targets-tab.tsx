import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef } from '@mui/x-data-grid';
import type { Target } from '@ed/contract/easy';
import { hasPermission } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { easyRoutes } from '@ed/contract/routes/easy';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useListState } from '../../../shared/lib/use-list-state';
import { useTargets } from '../api/easy';
import { CreateTargetDialog, TargetDialog, type TargetDialogKind } from './target-dialogs';

/** No filter: the page is in the address beside the Fixtures tab's, as ?tab=targets&targets.page=2. */
const NO_FILTERS = {};
const LIST_OPTIONS = { prefix: 'targets.' };

function columns(manage: boolean, open: (kind: TargetDialogKind, target: Target) => void): GridColDef<Target>[] {
  const base: GridColDef<Target>[] = [
    { field: 'targetName', headerName: 'Target Name', flex: 1, minWidth: 180, sortable: false },
    { field: 'targetId', headerName: 'Target ID', width: 120, sortable: false },
    { field: 'packageIndex', headerName: 'Package Index', width: 140, sortable: false },
    { field: 'packageName', headerName: 'Package Name', width: 170, sortable: false },
  ];
  if (!manage) return base;
  return [
    ...base,
    {
      field: 'actions',
      headerName: 'Actions',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <TooltipIconButton label={`Edit ${row.targetName}`} tooltip="Edit" onClick={() => open('edit', row)}>
            <EditIcon />
          </TooltipIconButton>
          <TooltipIconButton label={`Delete ${row.targetName}`} tooltip="Delete" onClick={() => open('delete', row)}>
            <DeleteIcon />
          </TooltipIconButton>
        </>
      ),
    },
  ];
}

/** The Targets tab: Edit, Delete and Create New Target only for admin and engineer (part 2 §6). */
export function TargetsTab({ role }: { role: Role }) {
  const manage = hasPermission(role, 'easy.manageTargets');
  const { page, setPage } = useListState(NO_FILTERS, LIST_OPTIONS);
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<{ kind: TargetDialogKind; target: Target } | null>(null);
  const list = useTargets(page + 1);
  const columnDefs = useMemo(() => columns(manage, (kind, target) => setDialog({ kind, target })), [manage]);

  return (
    <ListScreen
      toolbar={
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
          {manage && (
            <Button variant="contained" onClick={() => setCreating(true)}>
              Create New Target
            </Button>
          )}
          <ExportCsvButton route={easyRoutes.exportTargets} query={{}} fileName="ez-targets.csv" />
        </Box>
      }
      list={list}
      alertSx={{ mb: 2 }}
      label="Targets"
      getRowId={(row) => row.targetName}
      columns={columnDefs}
      page={page}
      onPageChange={setPage}
      disableColumnMenu
    >
      {creating && <CreateTargetDialog onClose={() => setCreating(false)} />}
      {dialog && <TargetDialog kind={dialog.kind} target={dialog.target} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}
