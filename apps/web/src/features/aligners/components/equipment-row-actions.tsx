import BoltOutlined from '@mui/icons-material/BoltOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import UsbOutlined from '@mui/icons-material/UsbOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Stack from '@mui/material/Stack';
import type { Equipment } from '@ed/contract/equipment';
import { hasPermission, unitRules } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { REPORTS_OFF } from './equipment-commands';
import type { UnitDialogKind } from './unit-dialogs';

export interface RowActionHandlers {
  onView: (serialNumber: string) => void;
  onOpenDialog: (kind: UnitDialogKind, serialNumber: string) => void;
  onDelete: (serialNumber: string) => void;
}

const REPORT_ACTIONS = [
  ['voltages', 'View Last Voltage Report', BoltOutlined],
  ['usb', 'View Last USB Status Report', UsbOutlined],
  ['printer', 'View Last Printer Status Report', PrintOutlined],
] as const;

/** The row actions of part 1 §2, in its order; the report buttons are off for everyone (§6). */
export function EquipmentRowActions({ unit, role, ...on }: RowActionHandlers & { unit: Equipment; role: Role }) {
  const serial = unit.serialNumber;
  const small = { size: 'small' } as const;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={`Actions for ${serial}`}
      sx={{ height: '100%', alignItems: 'center' }}
    >
      <TooltipIconButton {...small} label="View Aligner Details" onClick={() => on.onView(serial)}>
        <VisibilityOutlined fontSize="small" />
      </TooltipIconButton>
      <TooltipIconButton
        {...small}
        label="Create Support Ticket"
        onClick={() => on.onOpenDialog('supportTicket', serial)}
      >
        <NoteAddOutlined fontSize="small" />
      </TooltipIconButton>
      <TooltipIconButton
        {...small}
        label="View Ticket History"
        onClick={() => on.onOpenDialog('ticketHistory', serial)}
      >
        <HistoryOutlined fontSize="small" />
      </TooltipIconButton>
      <TooltipIconButton
        {...small}
        label="View Screen Shots"
        tooltip={unitRules.screenShot(unit) ? undefined : 'This unit does not take screen shots'}
        disabled={!unitRules.screenShot(unit)}
        onClick={() => on.onOpenDialog('screenShots', serial)}
      >
        <PhotoLibraryOutlined fontSize="small" />
      </TooltipIconButton>
      {hasPermission(role, 'equipment.delete') && (
        <TooltipIconButton {...small} label="Delete Equipment" onClick={() => on.onDelete(serial)}>
          <DeleteOutlined fontSize="small" />
        </TooltipIconButton>
      )}
      {REPORT_ACTIONS.map(([kind, label, Icon]) => (
        <TooltipIconButton
          key={kind}
          {...small}
          label={label}
          tooltip={`${label}: ${REPORTS_OFF}`}
          disabled={!unitRules.reportButtons(unit)}
          onClick={() => on.onOpenDialog(kind, serial)}
        >
          <Icon fontSize="small" />
        </TooltipIconButton>
      ))}
    </Stack>
  );
}
