import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { equipmentKeys } from '../api/equipment';
import { useDetailParam } from '../utils/detail-param';

// Loaded when a unit is first opened: the signed-in frame stays small.
const EquipmentDetailDialog = lazy(() =>
  import('./equipment-detail-dialog').then((module) => ({ default: module.EquipmentDetailDialog })),
);

/** The equipment detail of ?serial=, over whichever screen the user is on. */
export function EquipmentDetailHost() {
  const queryClient = useQueryClient();
  const [serial, showDetail] = useDetailParam();
  if (!serial) return null;
  return (
    <Suspense fallback={null}>
      <EquipmentDetailDialog
        key={serial}
        serialNumber={serial}
        onClose={() => showDetail(null)}
        onSerialChanged={(next) => {
          showDetail(next, true);
          void queryClient.invalidateQueries({ queryKey: equipmentKeys.lists() });
        }}
      />
    </Suspense>
  );
}
