import { useMemo } from 'react';
import Link from '@mui/material/Link';
import DoneIcon from '@mui/icons-material/Done';
import ClearIcon from '@mui/icons-material/Clear';
import type { GridColDef } from '@mui/x-data-grid';
import { ALARMS_PAGE_SIZE, RULE_CHANGED_CLEARER, type Alarm } from '@ed/contract/alarms';
import { PagedGrid } from '../../../shared/components/paged-grid';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { useDetailParam } from '../../../shared/equipment/lib/detail-param';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { SeverityChip } from './severity-chip';

const statusText = (row: Alarm) => {
  if (row.status === 'active') return row.acknowledgedBy ? `Active, acknowledged by ${row.acknowledgedBy}` : 'Active';
  const by =
    row.clearedBy === RULE_CHANGED_CLEARER ? ' when its rule changed' : row.clearedBy ? ` by ${row.clearedBy}` : '';
  return `Cleared${by}${row.acknowledgedBy ? `, acknowledged by ${row.acknowledgedBy}` : ''}`;
};

export interface AlarmsGridProps {
  rows: Alarm[] | undefined;
  totalDocs: number | undefined;
  loading: boolean;
  page: number;
  onPageChange: (page: number) => void;
  onAcknowledge: (alarm: Alarm) => void;
  onClear: (alarm: Alarm) => void;
}

/** Alarms newest first, 50 a page; a serial number opens the unit's detail over the list. */
export function AlarmsGrid({ onAcknowledge, onClear, ...props }: AlarmsGridProps) {
  const [, showUnit] = useDetailParam();
  // Fits 1280 px beside the menu: fixed columns take 520 px, the flexible ones share the rest.
  const columns = useMemo<GridColDef<Alarm>[]>(
    () => [
      {
        field: 'severity',
        headerName: 'Severity',
        width: 100,
        renderCell: ({ row }) => <SeverityChip severity={row.severity} />,
      },
      { field: 'raisedAt', headerName: 'Raised', width: 150, valueFormatter: (v: string) => formatDateTime(v) },
      {
        field: 'serialNumber',
        headerName: 'Unit',
        width: 130,
        renderCell: ({ row }) => (
          <Link component="button" onClick={() => showUnit(row.serialNumber)}>
            {row.serialNumber}
          </Link>
        ),
      },
      { field: 'ruleName', headerName: 'Rule', minWidth: 120, flex: 1 },
      { field: 'details', headerName: 'Details', minWidth: 160, flex: 2 },
      { field: 'status', headerName: 'Status', minWidth: 150, flex: 1, valueGetter: (_v, row) => statusText(row) },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 100,
        renderCell: ({ row }) => (
          <>
            {!row.acknowledgedBy && (
              <TooltipIconButton
                label={`Acknowledge the alarm on ${row.serialNumber}`}
                onClick={() => onAcknowledge(row)}
              >
                <DoneIcon />
              </TooltipIconButton>
            )}
            {row.status === 'active' && (
              <TooltipIconButton label={`Clear the alarm on ${row.serialNumber}`} onClick={() => onClear(row)}>
                <ClearIcon />
              </TooltipIconButton>
            )}
          </>
        ),
      },
    ],
    [onAcknowledge, onClear, showUnit],
  );
  return <PagedGrid label="Alarms" {...props} columns={columns} pageSize={ALARMS_PAGE_SIZE} disableColumnMenu />;
}
