import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import type { GridSortModel } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import type { EquipmentSortKey } from '@ed/contract/aligners';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { listLoading } from '../../../shared/lib/list-loading';
import { equipmentKeys, useEquipmentList, type EquipmentListQuery } from '../api/equipment';
import { useLatestVersions } from '../api/latest-versions';
import { DeleteEquipmentDialog } from './delete-equipment-dialog';
import { EquipmentDetailDialog } from './equipment-detail-dialog';
import { EquipmentFilters, NO_FILTERS, type EquipmentFilterValues } from './equipment-filters';
import { EquipmentGrid } from './equipment-grid';
import { UnitDialog, type UnitDialogKind } from './unit-dialogs';

export const FILTER_DEBOUNCE_MS = 300;
/** The search parameter that opens the equipment detail, so a unit can be linked to. */
export const SERIAL_PARAM = 'serial';

function toQuery(filters: EquipmentFilterValues, page: number, sort: GridSortModel): EquipmentListQuery {
  const [order] = sort;
  return {
    page: page + 1,
    filterCountryCode: filters.countryCode || undefined,
    filterSoftwareVersion: filters.softwareVersion.trim() || undefined,
    filterFamily: filters.family || undefined,
    filterSerialNumber: filters.serialNumber || undefined,
    sortBy: order ? (order.field as EquipmentSortKey) : undefined,
    sortDesc: order ? order.sort === 'desc' : undefined,
  };
}

/** The Equipment screen (/Aligners): filters, the table, and the detail opened by ?serial=. */
export function EquipmentPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [unitDialog, setUnitDialog] = useState<{ kind: UnitDialogKind; serialNumber: string } | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const settledFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const query = useMemo(() => toQuery(settledFilters, page, sortModel), [settledFilters, page, sortModel]);
  const list = useEquipmentList(query);
  const latest = useLatestVersions();
  const serial = params.get(SERIAL_PARAM);

  const showDetail = useCallback(
    (serialNumber: string | null, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (serialNumber) next.set(SERIAL_PARAM, serialNumber);
          else next.delete(SERIAL_PARAM);
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  const openDialog = useCallback(
    (kind: UnitDialogKind, serialNumber: string) => setUnitDialog({ kind, serialNumber }),
    [],
  );

  if (!session) return null;
  return (
    <>
      <EquipmentFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(list.error)}
        </Alert>
      )}
      <EquipmentGrid
        data={list.data}
        loading={listLoading(list)}
        role={session.user.role}
        latest={latest}
        page={page}
        onPageChange={setPage}
        sortModel={sortModel}
        onSortModelChange={setSortModel}
        onView={showDetail}
        onOpenDialog={openDialog}
        onDelete={setToDelete}
      />
      {serial && (
        <EquipmentDetailDialog
          key={serial}
          serialNumber={serial}
          onClose={() => showDetail(null)}
          onSerialChanged={(next) => {
            showDetail(next, true);
            void queryClient.invalidateQueries({ queryKey: equipmentKeys.lists() });
          }}
        />
      )}
      {unitDialog && <UnitDialog {...unitDialog} onClose={() => setUnitDialog(null)} />}
      {toDelete && <DeleteEquipmentDialog serialNumber={toDelete} onClose={() => setToDelete(null)} />}
    </>
  );
}
