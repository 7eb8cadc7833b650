import type { TicketSlots } from '../../features/aligners/components/equipment-slots';
import { SupportTicketWizard } from '../../features/tickets/components/support-ticket-wizard';
import { TicketHistoryDialog } from '../../features/tickets/components/ticket-history-dialog';

/** The tickets feature's dialogs that the equipment screens open for a unit. */
export const TICKET_SLOTS: TicketSlots = { SupportTicketWizard, TicketHistoryDialog };
