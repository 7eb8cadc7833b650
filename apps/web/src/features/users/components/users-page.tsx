import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import type { GridColDef } from '@mui/x-data-grid';
import { hasPermission } from '@ed/contract/permissions';
import { ROLE_LABELS } from '@ed/contract/roles';
import { usersRoutes } from '@ed/contract/routes/users';
import type { User } from '@ed/contract/users';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { useNotice } from '../../../shared/components/notice-context';
import { ListScreen, ListToolbar } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useListState } from '../../../shared/lib/use-list-state';
import { deleteUser, resetSecondFactors, useUserMutation, useUsers } from '../api/users';
import { UserDialog } from './user-dialog';

const FILTER_DEBOUNCE_MS = 300;
/** The filter in the address: ?username=. */
const NO_FILTERS = { username: '' };

/**
 * The Users screen (/Users, admin): filter by username, pages of 10 (both in the address), create,
 * edit and delete, and reset a user's second factors (users.manage).
 */
export function UsersPage() {
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [toReset, setToReset] = useState<string | null>(null);
  const session = useSession();
  const mayManage = session ? hasPermission(session.user.role, 'users.manage') : false;
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS);
  const filter = filters.username.slice(0, 64);
  const { notify } = useNotice();
  const settled = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const list = useUsers(page, settled);
  const remove = useUserMutation(deleteUser);
  const reset = useUserMutation(resetSecondFactors);

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      { field: 'username', headerName: 'Username', flex: 1, minWidth: 140 },
      { field: 'email', headerName: 'E-mail', flex: 1.5, minWidth: 180 },
      { field: 'role', headerName: 'Role', width: 150, valueFormatter: (value: User['role']) => ROLE_LABELS[value] },
      { field: 'active', headerName: 'Active', width: 90, valueFormatter: (value: boolean) => (value ? 'Yes' : 'No') },
      {
        field: 'actions',
        headerName: 'Actions',
        width: mayManage ? 160 : 120,
        renderCell: ({ row }) => (
          <>
            <TooltipIconButton label={`Edit ${row.username}`} onClick={() => setEditing(row)}>
              <EditIcon />
            </TooltipIconButton>
            <TooltipIconButton label={`Delete ${row.username}`} onClick={() => setToDelete(row.username)}>
              <DeleteIcon />
            </TooltipIconButton>
            {mayManage && (
              <TooltipIconButton
                label={`Reset second factors of ${row.username}`}
                onClick={() => setToReset(row.username)}
              >
                <PhonelinkEraseIcon />
              </TooltipIconButton>
            )}
          </>
        ),
      },
    ],
    [mayManage],
  );

  return (
    <ListScreen
      toolbar={
        <ListToolbar>
          <TextField
            size="small"
            label="Username"
            value={filter}
            onChange={(e) => setFilters({ username: e.target.value.slice(0, 64) })}
            slotProps={{ htmlInput: { autoComplete: 'off', role: 'searchbox' } }}
          />
          <Button variant="contained" onClick={() => setEditing('new')}>
            Create New User
          </Button>
          <ExportCsvButton
            route={usersRoutes.exportUsers}
            query={{ filterUsername: settled || undefined }}
            fileName="users.csv"
          />
        </ListToolbar>
      }
      list={list}
      label="Users"
      columns={columns}
      getRowId={(row) => row.username}
      page={page}
      onPageChange={setPage}
    >
      {editing && <UserDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {toDelete && (
        <ConfirmDialog
          title="Delete User"
          text={`Are you sure you want to delete ${toDelete}? Their sessions end at once.`}
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(toDelete, {
              onSuccess: ({ message }) => {
                notify(message);
                setToDelete(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setToDelete(null);
          }}
        />
      )}
      {toReset && (
        <ConfirmDialog
          title="Reset second factors"
          text={`Remove every authenticator app, passkey and recovery code of ${toReset}? Their sessions end at once; if their role needs a second factor, they add one at their next sign-in.`}
          confirmLabel="Reset"
          busy={reset.isPending}
          error={reset.error ? errorMessage(reset.error) : null}
          onConfirm={() =>
            reset.mutate(toReset, {
              onSuccess: ({ message }) => {
                notify(message);
                setToReset(null);
              },
            })
          }
          onClose={() => {
            reset.reset();
            setToReset(null);
          }}
        />
      )}
    </ListScreen>
  );
}
