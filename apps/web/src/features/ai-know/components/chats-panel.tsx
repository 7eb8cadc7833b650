import { useMemo, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import type { ChatSession } from '@ed/contract/assistant';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { useListState } from '../../../shared/lib/use-list-state';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useChatSessions, useChatSessionsExport } from '../api/assistant';
import { ChatSessionDialog } from './chat-session-dialog';

/** No filter: only the page is in the address (?tab=chats&page=2). */
const NO_FILTERS = {};

function columns(onView: (session: ChatSession) => void): GridColDef<ChatSession>[] {
  return [
    { field: 'sessionId', headerName: 'Session ID', flex: 1.5, minWidth: 200, sortable: false },
    { field: 'serialNumber', headerName: 'Serial Number', width: 120, sortable: false },
    {
      field: 'isOpen',
      headerName: 'Open',
      width: 70,
      sortable: false,
      valueFormatter: (v: boolean) => (v ? 'yes' : 'no'),
    },
    {
      field: 'createdAt',
      headerName: 'Created At',
      minWidth: 96,
      flex: 1,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    {
      field: 'updatedAt',
      headerName: 'Updated At',
      minWidth: 96,
      flex: 1,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title="View exchanges">
          <IconButton aria-label={`View chat session ${row.sessionId}`} onClick={() => onView(row)}>
            <VisibilityIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
}

/** The assistant's chat sessions, newest first, 10 a page. */
export function ChatsPanel() {
  const { page, setPage } = useListState(NO_FILTERS);
  const [open, setOpen] = useState<ChatSession | null>(null);
  const sessions = useChatSessions(page + 1);
  const exportRoute = useChatSessionsExport();
  const columnDefs = useMemo(() => columns(setOpen), []);
  return (
    <Stack spacing={2}>
      <ListScreen
        toolbar={
          exportRoute && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <ExportCsvButton route={exportRoute} query={{}} fileName="chat-sessions.csv" />
            </Stack>
          )
        }
        list={sessions}
        label="Chat sessions"
        getRowId={(row) => row.sessionId}
        columns={columnDefs}
        page={page}
        onPageChange={setPage}
        disableColumnMenu
      >
        {open ? <ChatSessionDialog session={open} onClose={() => setOpen(null)} /> : null}
      </ListScreen>
    </Stack>
  );
}
