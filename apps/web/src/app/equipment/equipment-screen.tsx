import { EquipmentPage } from '../../features/aligners/components/equipment-page';
import { TICKET_SLOTS } from './ticket-slots';

/** The Equipment screen, its row actions opening the tickets feature's dialogs. */
export function EquipmentScreen() {
  return <EquipmentPage slots={TICKET_SLOTS} />;
}
