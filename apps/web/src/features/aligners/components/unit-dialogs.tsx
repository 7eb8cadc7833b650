import type { TicketSlots } from './equipment-slots';
import { ScreenShotsDialog } from './screen-shots-dialog';
import { StatusReportDialog } from './status-report-dialog';
import { VoltagesDialog } from './voltages-dialog';

/** The sub-dialogs a row action or a detail button opens for one unit. */
export type UnitDialogKind = 'screenShots' | 'voltages' | 'usb' | 'printer' | 'supportTicket' | 'ticketHistory';

export interface UnitDialogProps {
  kind: UnitDialogKind;
  serialNumber: string;
  onClose: () => void;
  /** The tickets feature's dialogs, filled in by the app layer. */
  slots: TicketSlots;
}

export function UnitDialog({ kind, serialNumber, onClose, slots }: UnitDialogProps) {
  const { SupportTicketWizard, TicketHistoryDialog } = slots;
  if (kind === 'screenShots') return <ScreenShotsDialog serialNumber={serialNumber} onClose={onClose} />;
  if (kind === 'supportTicket') return <SupportTicketWizard serialNumber={serialNumber} onClose={onClose} />;
  if (kind === 'ticketHistory') return <TicketHistoryDialog serialNumber={serialNumber} onClose={onClose} />;
  if (kind === 'voltages') return <VoltagesDialog serialNumber={serialNumber} onClose={onClose} />;
  return <StatusReportDialog kind={kind} serialNumber={serialNumber} onClose={onClose} />;
}
