import { useMemo } from 'react';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import type { EquipmentListResponse } from '@ed/contract/aligners';
import type { Equipment } from '@ed/contract/equipment';
import type { Role } from '@ed/contract/roles';
import { ListScreen, type ListQuery, type ListSlots } from '../../../shared/components/list-screen';
import type { LatestVersions } from '../../../shared/equipment/api/latest-versions';
import { formatDateTime, monthYearText } from '../../../shared/equipment/lib/equipment-text';
import { CountryFlag } from '../../../shared/equipment/components/country-flag';
import { EquipmentRowActions, type RowActionHandlers } from './equipment-row-actions';
import { VersionChip } from '../../../shared/equipment/components/version-chip';

export interface EquipmentGridProps extends RowActionHandlers, ListSlots {
  list: ListQuery<EquipmentListResponse>;
  role: Role;
  latest: LatestVersions;
  /** 0-based, as the grid counts; the call sends page + 1. */
  page: number;
  onPageChange: (page: number) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
}

/** A technician's phone shows the serial and the row's actions; the Columns button adds more. */
const PHONE_COLUMNS = ['serialNumber'];

/**
 * The columns' fields are the server's sortBy keys (EQUIPMENT_SORT_KEYS), so a sort model
 * goes to the call as it is; Actions alone does not sort.
 */
function columns(role: Role, latest: LatestVersions, handlers: RowActionHandlers): GridColDef<Equipment>[] {
  return [
    { field: 'serialNumber', headerName: 'Serial Number', minWidth: 110, flex: 1 },
    {
      field: 'countryCode',
      headerName: 'Country',
      width: 84,
      valueGetter: (_value, row) => row.geolocation?.country_code ?? null,
      renderCell: ({ row }) => <CountryFlag countryCode={row.geolocation?.country_code} />,
    },
    { field: 'family', headerName: 'Family', width: 110 },
    {
      field: 'version',
      headerName: 'Software Version',
      width: 110,
      valueGetter: (_value, row) => row.version?.semantic ?? null,
      renderCell: ({ row }) => <VersionChip version={row.version?.semantic} latest={latest[row.family]} />,
    },
    {
      // Part 1 §2: month/year or "unknown". Not sortable: no index orders the fleet by it.
      field: 'specsExpiration',
      headerName: 'Specs Expiration',
      width: 96,
      sortable: false,
      valueGetter: (_value, row) => monthYearText(row.specsExpiration),
    },
    {
      field: 'createdAt',
      headerName: 'Created At',
      minWidth: 110,
      flex: 1,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'updatedAt',
      headerName: 'Updated At',
      minWidth: 110,
      flex: 1,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      // Five buttons and the menu of the report actions: the row fits a 1280 px screen.
      width: 210,
      renderCell: ({ row }) => <EquipmentRowActions unit={row} role={role} {...handlers} />,
    },
  ];
}

/** The equipment table of part 1 §2: server-side paging (10 a page, first and last buttons) and sorting. */
export function EquipmentGrid(props: EquipmentGridProps) {
  const { role, latest, onView, onOpenDialog, onDelete, ...frame } = props;
  const columnDefs = useMemo(
    () => columns(role, latest, { onView, onOpenDialog, onDelete }),
    [role, latest, onView, onOpenDialog, onDelete],
  );

  return (
    <ListScreen
      {...frame}
      label="Equipment"
      getRowId={(row) => row.serialNumber}
      columns={columnDefs}
      selectOnClick
      phoneColumns={PHONE_COLUMNS}
    />
  );
}
