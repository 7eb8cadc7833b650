import type { ComponentType } from 'react';
import type { Equipment } from '@ed/contract/equipment';

/*
 * The pieces of the equipment screens that other features own. A feature imports no other feature,
 * so the app layer fills these in (app/equipment/) and hands them down as props.
 */

/** What a dialog about one unit takes. */
interface UnitDialogSlotProps {
  serialNumber: string;
  onClose: () => void;
}

/** The tickets feature's dialogs, opened by a row action or a detail button. */
export interface TicketSlots {
  /** 'supportTicket': Create Support Ticket. */
  SupportTicketWizard: ComponentType<UnitDialogSlotProps>;
  /** 'ticketHistory': the unit's tickets with their comments. */
  TicketHistoryDialog: ComponentType<UnitDialogSlotProps>;
}

/** The software feature's Stage {latest} and Unstage {version} buttons among the detail's commands. */
export interface StagingSlots {
  StagingButtons: ComponentType<{ unit: Equipment; latest: string | null }>;
}

export type EquipmentSlots = TicketSlots & StagingSlots;
