import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef } from '@mui/x-data-grid';
import type { AlarmRule } from '@ed/contract/alarms';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { useNotice } from '../../../shared/components/notice-context';
import { ListScreen } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useSession } from '../../../shared/auth/use-session';
import { useAlarmRules, useDeleteAlarmRule } from '../api/alarms';
import { AlarmRuleDialog } from './alarm-rule-dialog';
import { SeverityChip } from './severity-chip';

const RULES_SHOWN = 100;

/** The rules: what each watches, how severe, who is mailed, and how many alarms it has active. */
export function AlarmRules({ mayManage }: { mayManage: boolean }) {
  const session = useSession();
  const rules = useAlarmRules();
  const remove = useDeleteAlarmRule();
  const { notify } = useNotice();
  const [editing, setEditing] = useState<AlarmRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlarmRule | null>(null);

  const columns = useMemo<GridColDef<AlarmRule>[]>(
    () => [
      { field: 'name', headerName: 'Name', minWidth: 140, flex: 1 },
      { field: 'description', headerName: 'Condition', minWidth: 200, flex: 2 },
      {
        field: 'severity',
        headerName: 'Severity',
        width: 100,
        renderCell: ({ row }) => <SeverityChip severity={row.severity} />,
      },
      { field: 'enabled', headerName: 'Enabled', width: 90, valueFormatter: (v: boolean) => (v ? 'Yes' : 'No') },
      {
        field: 'subscribers',
        headerName: 'Mailed To',
        minWidth: 120,
        flex: 1,
        valueFormatter: (v: string[]) => v.join(', '),
      },
      {
        field: 'activeAlarms',
        headerName: 'Active',
        width: 80,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/Alarms?ruleId=${row.id}`}>
            {row.activeAlarms}
          </Link>
        ),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 100,
        renderCell: ({ row }) =>
          mayManage && (
            <>
              <TooltipIconButton label={`Edit the rule ${row.name}`} onClick={() => setEditing(row)}>
                <EditIcon />
              </TooltipIconButton>
              <TooltipIconButton label={`Delete the rule ${row.name}`} onClick={() => setDeleting(row)}>
                <DeleteIcon />
              </TooltipIconButton>
            </>
          ),
      },
    ],
    [mayManage],
  );

  return (
    <ListScreen
      toolbar={
        mayManage && (
          <Stack direction="row" sx={{ mb: 2 }}>
            <Button variant="contained" onClick={() => setEditing('new')}>
              New rule
            </Button>
          </Stack>
        )
      }
      list={rules}
      label="Alarm Rules"
      rows={rules.data?.rules}
      totalDocs={rules.data?.rules.length}
      columns={columns}
      page={0}
      pageSize={RULES_SHOWN}
      onPageChange={() => undefined}
      disableColumnMenu
    >
      {editing && session && (
        <AlarmRuleDialog
          rule={editing === 'new' ? undefined : editing}
          username={session.user.username}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Alarm Rule"
          text={`Delete the rule ${deleting.name} and its alarms?`}
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify(`Alarm rule ${deleting.name} was deleted.`);
                remove.reset();
                setDeleting(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      )}
    </ListScreen>
  );
}
