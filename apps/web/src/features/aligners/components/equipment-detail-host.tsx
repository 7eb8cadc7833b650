import { Suspense, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { equipmentKeys } from '../../../shared/equipment/api/equipment';
import { useDetailParam } from '../../../shared/equipment/lib/detail-param';
import type { EquipmentDetailDialogProps } from './equipment-detail-dialog';

/**
 * The equipment detail of ?serial=, over whichever screen the user is on. `Detail` is the detail
 * dialog with the other features' pieces filled in: the app layer builds it and loads it lazily.
 */
export function EquipmentDetailHost({ Detail }: { Detail: ComponentType<EquipmentDetailDialogProps> }) {
  const queryClient = useQueryClient();
  const [serial, showDetail] = useDetailParam();
  if (!serial) return null;
  return (
    <Suspense fallback={null}>
      <Detail
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
