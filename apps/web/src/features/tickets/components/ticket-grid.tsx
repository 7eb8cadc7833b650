import { useMemo } from 'react';
import PriorityHighOutlined from '@mui/icons-material/PriorityHighOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { TicketListResponse, TicketSummary } from '@ed/contract/tickets';
import { ListScreen, type ListQuery, type ListSlots } from '../../../shared/components/list-screen';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { TicketRowActions, type TicketRowHandlers } from './ticket-row-actions';

function columns(handlers: TicketRowHandlers): GridColDef<TicketSummary>[] {
  return [
    { field: 'id', headerName: 'ID', width: 64 },
    { field: 'serialNumber', headerName: 'Serial Number', minWidth: 100, flex: 1 },
    {
      field: 'status',
      headerName: 'Status',
      width: 116,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
          <Chip size="small" label={row.status.toUpperCase()} color={row.closed ? 'default' : 'primary'} />
          {row.escalated && !row.closed && (
            <Tooltip title="Escalated to engineering">
              <PriorityHighOutlined color="warning" fontSize="small" aria-label="Escalated" role="img" />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    {
      field: 'createdAt',
      headerName: 'Opened At',
      minWidth: 96,
      flex: 1,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    { field: 'issuerUsername', headerName: 'Opened By', width: 100 },
    { field: 'closedByUsername', headerName: 'Closed By', width: 100 },
    { field: 'originatorName', headerName: "Caller's Name", minWidth: 100, flex: 1 },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 150,
      renderCell: ({ row }) => <TicketRowActions ticket={row} {...handlers} />,
    },
  ];
}

/** A technician's phone shows the ticket's number and unit, and its actions; the Columns button adds more. */
const PHONE_COLUMNS = ['id', 'serialNumber'];

export interface TicketGridProps extends TicketRowHandlers, ListSlots {
  list: ListQuery<TicketListResponse>;
  page: number;
  onPageChange: (page: number) => void;
}

/** The Support Tickets table: newest first, 10 a page on the server. */
export function TicketGrid({ onView, onComment, onAction, ...frame }: TicketGridProps) {
  const columnDefs = useMemo(() => columns({ onView, onComment, onAction }), [onView, onComment, onAction]);
  return (
    <ListScreen
      {...frame}
      label="Support tickets"
      columns={columnDefs}
      disableColumnMenu
      phoneColumns={PHONE_COLUMNS}
    />
  );
}
