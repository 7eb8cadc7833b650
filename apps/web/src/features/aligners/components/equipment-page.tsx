import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridSortModel } from '@mui/x-data-grid';
import { EQUIPMENT_SORT_KEYS, type EquipmentSortKey } from '@ed/contract/aligners';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { useSession } from '../../../shared/auth/use-session';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useListState } from '../../../shared/lib/use-list-state';
import { useEquipmentList, type EquipmentListQuery } from '../../../shared/equipment/api/equipment';
import { useLatestVersions } from '../../../shared/equipment/api/latest-versions';
import { DeleteEquipmentDialog } from './delete-equipment-dialog';
import { EquipmentFilters, keptFilters, NO_FILTERS, type EquipmentFilterValues } from './equipment-filters';
import { EquipmentGrid } from './equipment-grid';
import { SavedViewsMenu } from './saved-views-menu';
import { SaveViewDialog } from './save-view-dialog';
import { filtersOfView, viewFilterOf } from './view-filters';
import type { TicketSlots } from './equipment-slots';
import { UnitDialog, type UnitDialogKind } from './unit-dialogs';
import { useDetailParam } from '../../../shared/equipment/lib/detail-param';

const FILTER_DEBOUNCE_MS = 300;
/** The address's names of the filters: ?country=&version=&family=&serialNumber= (?serial= opens a unit's detail). */
const FILTER_PARAMS = { countryCode: 'country', softwareVersion: 'version' } as const;
const LIST_OPTIONS = { names: FILTER_PARAMS, sortFields: EQUIPMENT_SORT_KEYS };

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

/**
 * The Equipment screen (/Aligners): filters and the table; a row opens the detail (?serial=, app layout).
 * The filters, page and sort are in the address (?family=gtps&page=2&sort=-updatedAt).
 * `slots` are the tickets feature's dialogs behind the row actions, filled in by the app layer.
 */
export function EquipmentPage({ slots }: { slots: TicketSlots }) {
  const session = useSession();
  const [, showDetail] = useDetailParam();
  const view = useListState(NO_FILTERS, LIST_OPTIONS);
  const { page, sortModel, setPage, setSortModel } = view;
  // A link may say anything: it is read as the boxes would have let it be typed.
  const filters = useMemo(() => keptFilters(view.filters), [view.filters]);
  const [unitDialog, setUnitDialog] = useState<{ kind: UnitDialogKind; serialNumber: string } | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const settledFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const query = useMemo(() => toQuery(settledFilters, page, sortModel), [settledFilters, page, sortModel]);
  const list = useEquipmentList(query);
  const { page: _page, ...exportQuery } = query;
  const latest = useLatestVersions();

  const openDialog = useCallback(
    (kind: UnitDialogKind, serialNumber: string) => setUnitDialog({ kind, serialNumber }),
    [],
  );

  if (!session) return null;
  const toolbar = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <EquipmentFilters value={filters} onChange={view.setFilters} />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexShrink: 0 }}>
        <Button variant="outlined" onClick={() => setSaving(true)}>
          Save view
        </Button>
        <SavedViewsMenu user={session.user} onApply={(saved) => view.setFilters(filtersOfView(saved.filter))} />
        <ExportCsvButton route={alignersRoutes.exportAligners} query={exportQuery} fileName="equipment.csv" />
      </Stack>
    </Stack>
  );
  return (
    <EquipmentGrid
      toolbar={toolbar}
      list={list}
      alertSx={{ mb: 2 }}
      role={session.user.role}
      latest={latest}
      page={page}
      onPageChange={setPage}
      sortModel={sortModel}
      onSortModelChange={setSortModel}
      onView={showDetail}
      onOpenDialog={openDialog}
      onDelete={setToDelete}
    >
      {unitDialog && <UnitDialog {...unitDialog} onClose={() => setUnitDialog(null)} slots={slots} />}
      {toDelete && <DeleteEquipmentDialog serialNumber={toDelete} onClose={() => setToDelete(null)} />}
      {saving && <SaveViewDialog filter={viewFilterOf(filters)} onClose={() => setSaving(false)} />}
    </EquipmentGrid>
  );
}
