import type { EquipmentSlots } from '../../features/aligners/components/equipment-slots';
import {
  EquipmentDetailDialog,
  type EquipmentDetailDialogProps,
} from '../../features/aligners/components/equipment-detail-dialog';
import { StagingButtons } from '../../features/software/components/staging-buttons';
import { TICKET_SLOTS } from './ticket-slots';

const SLOTS: EquipmentSlots = { ...TICKET_SLOTS, StagingButtons };

/** The equipment detail with the tickets feature's dialogs and the software feature's Stage/Unstage buttons. */
export function EquipmentDetail(props: EquipmentDetailDialogProps) {
  return <EquipmentDetailDialog {...props} slots={SLOTS} />;
}
