import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import type { CameraCalRecord } from '@ed/contract/camera-cal';
import { cameraCalRoutes } from '@ed/contract/routes/camera-cal';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { ListScreen } from '../../../shared/components/list-screen';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useListState } from '../../../shared/lib/use-list-state';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useCameraCals } from '../api/camera-cals';
import { CameraCalDialog } from './camera-cal-dialog';

/** The filter and page in the address: ?serialNumber=&page=2. */
const NO_FILTERS = { serialNumber: '' };

const serials = (boards: CameraCalRecord['LeftBoards']) => boards.map((b) => b.SerialNumber).join(', ');

function columns(onView: (record: CameraCalRecord) => void): GridColDef<CameraCalRecord>[] {
  return [
    { field: 'Operator', headerName: 'Operator', flex: 1, minWidth: 140, sortable: false },
    { field: 'Version', headerName: 'Version', width: 110, sortable: false },
    {
      field: 'Date',
      headerName: 'Date',
      width: 180,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v),
    },
    {
      field: 'LeftBoards',
      headerName: 'Left Boards',
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (_v, row) => serials(row.LeftBoards),
    },
    {
      field: 'RightBoards',
      headerName: 'Right Boards',
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (_v, row) => serials(row.RightBoards),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title="View calibration">
          <IconButton aria-label={`View calibration of ${formatDateTime(row.Date)}`} onClick={() => onView(row)}>
            <VisibilityIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
}

/** The camera calibrations screen: records units reported, filtered by a camera's serial number. */
export function CameraCalPage() {
  // The record shown is in the address (?record=id), so a reload or a shared link shows it again.
  // The one opened from a row is kept as it was: new uploads move rows while it is read.
  const [params, setParams] = useSearchParams();
  const recordId = Number(params.get('record')) || null;
  const [opened, setOpened] = useState<CameraCalRecord | null>(null);
  const setOpen = useCallback(
    (record: CameraCalRecord | null) => {
      setOpened(record);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (record) next.set('record', String(record.id));
          else next.delete('record');
          return next;
        },
        { replace: record === null },
      );
    },
    [setParams],
  );
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS);
  const filter = filters.serialNumber.slice(0, 64);
  const filterSerialNumber = useDebouncedValue(filter.trim(), 300) || undefined;
  const list = useCameraCals({ page: page + 1, filterSerialNumber });
  const columnDefs = useMemo(() => columns(setOpen), [setOpen]);
  const open =
    recordId === null ? undefined : opened?.id === recordId ? opened : list.data?.docs.find((d) => d.id === recordId);

  return (
    // The stack spaces the toolbar, the alert and the table.
    <Stack spacing={2}>
      <ListScreen
        toolbar={
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              label="Camera serial number"
              value={filter}
              onChange={(e) => setFilters({ serialNumber: e.target.value })}
              size="small"
              sx={{ width: 320 }}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <ExportCsvButton
              route={cameraCalRoutes.exportCameraCals}
              query={{ filterSerialNumber }}
              fileName="camera-calibrations.csv"
            />
          </Stack>
        }
        list={list}
        label="Camera calibrations"
        emptyText={
          filterSerialNumber
            ? `No calibration has a camera whose serial number contains ${filterSerialNumber}.`
            : 'No camera calibrations yet: units send theirs after each calibration.'
        }
        columns={columnDefs}
        page={page}
        onPageChange={setPage}
        disableColumnMenu
      >
        {open ? <CameraCalDialog record={open} onClose={() => setOpen(null)} /> : null}
      </ListScreen>
    </Stack>
  );
}
