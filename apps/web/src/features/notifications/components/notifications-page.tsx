import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { Notification } from '@ed/contract/notifications';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen, ListToolbar } from '../../../shared/components/list-screen';
import { formatUtcDay } from '../../../shared/lib/dates';
import { useListState } from '../../../shared/lib/use-list-state';
import { useNotifications } from '../api/notifications';
import { NotificationWizard } from './notification-wizard';

/** No filter: only the page is in the address (?page=2). */
const NO_FILTERS = {};
const place = (n: Notification) => [n.target.city, n.target.region, n.target.country].filter(Boolean).join(', ');
/** A view target names its view (gone once deleted), a geographic one its place. */
const targetText = (n: Notification) =>
  n.targetType === 'view' ? `View: ${n.target.viewName ?? '(deleted)'}` : place(n);

/** The Notifications screen (/Notifications, admin and engineer). */
export function NotificationsPage() {
  const { page, setPage } = useListState(NO_FILTERS);
  const [creating, setCreating] = useState(false);
  const list = useNotifications(page);
  const columns = useMemo<GridColDef<Notification>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 110 },
      { field: 'resourcePath', headerName: 'Path', flex: 1.5, minWidth: 120 },
      { field: 'mimeType', headerName: 'MIME Type', width: 100 },
      // Whole UTC days, as the wizard picks them: the screens' date order, no misleading midnight.
      {
        field: 'beginsOn',
        headerName: 'Begins (UTC)',
        minWidth: 96,
        flex: 1,
        valueFormatter: (v: string) => formatUtcDay(v),
      },
      {
        field: 'endsOn',
        headerName: 'Ends (UTC)',
        minWidth: 96,
        flex: 1,
        valueFormatter: (v: string) => formatUtcDay(v),
      },
      { field: 'targetType', headerName: 'Target Type', width: 100 },
      {
        field: 'target',
        headerName: 'Target',
        flex: 1,
        minWidth: 120,
        valueGetter: (_v, row) => `${row.target.family}: ${targetText(row)}`,
      },
      { field: 'deliveredCount', headerName: 'Delivered', width: 92, type: 'number' },
    ],
    [],
  );
  return (
    <ListScreen
      toolbar={
        <ListToolbar>
          <Button variant="contained" onClick={() => setCreating(true)}>
            Create Notification
          </Button>
          {/* The list has no filter: the export is every notification, newest first. */}
          <ExportCsvButton route={notificationsRoutes.exportNotifications} query={{}} fileName="notifications.csv" />
        </ListToolbar>
      }
      list={list}
      label="Notifications"
      columns={columns}
      getRowId={(row) => row.id}
      page={page}
      onPageChange={setPage}
    >
      {creating && <NotificationWizard onClose={() => setCreating(false)} />}
    </ListScreen>
  );
}
