import { useMemo } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import type { Message } from '@ed/contract/messages';
import { hasPermission } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { ListScreen } from '../../../shared/components/list-screen';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { formatUtc } from '../../../shared/lib/dates';
import { useListState } from '../../../shared/lib/use-list-state';
import { useMessages, type MessageTab } from '../api/messages';

/** No filter: only the page is in the address beside the tab (?tab=approved&page=2). */
const NO_FILTERS = {};

export interface MessageActions {
  onPreview: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
}

const targetText = (message: Message) =>
  message.targets.viewName ? `View: ${message.targets.viewName}` : message.targets.market;

/** One tab's table (part 2 §2): ID, Header, Market, Start Date, End Date, Actions. */
export function MessageTable({
  tab,
  username,
  role,
  actions,
}: {
  tab: MessageTab;
  username: string;
  role: Role;
  actions: MessageActions;
}) {
  const { page, setPage } = useListState(NO_FILTERS);
  const list = useMessages(tab, page, username);
  const mayApprove = hasPermission(role, 'messages.approve');
  const columns = useMemo<GridColDef<Message>[]>(
    () => [
      { field: 'id', headerName: 'ID', width: 80 },
      { field: 'header', headerName: 'Header', flex: 1, minWidth: 200 },
      // A message to a saved view goes to its units, not the market's: the cell names the view.
      // Flexible from 90 px, so the table still fits beside the menu on a 1280 px screen.
      { field: 'market', headerName: 'Market', flex: 0.5, minWidth: 90, valueGetter: (_v, row) => targetText(row) },
      {
        field: 'startDate',
        headerName: 'Start Date',
        width: 170,
        valueGetter: (_v, row) => formatUtc(row.schedule.startDate),
      },
      {
        field: 'endDate',
        headerName: 'End Date',
        width: 170,
        valueGetter: (_v, row) => formatUtc(row.schedule.endDate),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 150,
        renderCell: ({ row }) => (
          <>
            <TooltipIconButton label={`Preview message ${row.id}`} onClick={() => actions.onPreview(row)}>
              <VisibilityIcon />
            </TooltipIconButton>
            {tab.key === 'myDrafts' && (
              <>
                <TooltipIconButton label={`Edit message ${row.id}`} onClick={() => actions.onEdit(row)}>
                  <EditIcon />
                </TooltipIconButton>
                <TooltipIconButton label={`Delete message ${row.id}`} onClick={() => actions.onDelete(row)}>
                  <DeleteIcon />
                </TooltipIconButton>
              </>
            )}
            {tab.key === 'pending' && mayApprove && (
              <TooltipIconButton label={`Edit and approve message ${row.id}`} onClick={() => actions.onEdit(row)}>
                <TaskAltIcon />
              </TooltipIconButton>
            )}
          </>
        ),
      },
    ],
    [tab.key, mayApprove, actions],
  );
  return (
    <ListScreen
      list={list}
      label={tab.label}
      // The seven tabs show the same columns: one choice of columns serves them all.
      columnsKey="Messages"
      columns={columns}
      getRowId={(row) => row.id}
      page={page}
      onPageChange={setPage}
    />
  );
}
