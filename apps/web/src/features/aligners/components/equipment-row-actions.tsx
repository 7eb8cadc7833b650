import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Stack from '@mui/material/Stack';
import type { Equipment } from '@ed/contract/equipment';
import { hasPermission, unitRules } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { ReportActionsMenu } from './report-actions-menu';
import type { UnitDialogKind } from './unit-dialogs';

export interface RowActionHandlers {
  onView: (serialNumber: string) => void;
  onOpenDialog: (kind: UnitDialogKind, serialNumber: string) => void;
  onDelete: (serialNumber: string) => void;
}

/** The row actions of part 1 §2, in its order; the report actions, off for everyone (§6), in a menu at the end. */
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
      <ReportActionsMenu unit={unit} onOpenDialog={on.onOpenDialog} />
    </Stack>
  );
}
