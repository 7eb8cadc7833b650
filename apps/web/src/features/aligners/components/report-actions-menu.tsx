import { useId, useState } from 'react';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import UsbOutlined from '@mui/icons-material/UsbOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Equipment } from '@ed/contract/equipment';
import { unitRules } from '@ed/contract/permissions';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { REPORTS_OFF } from './equipment-commands';
import type { UnitDialogKind } from './unit-dialogs';

const REPORT_ACTIONS = [
  ['voltages', 'View Last Voltage Report', BoltOutlined],
  ['usb', 'View Last USB Status Report', UsbOutlined],
  ['printer', 'View Last Printer Status Report', PrintOutlined],
] as const;

/**
 * The three report actions of a row, in part 1 §2's order, behind one "More actions" button: they are
 * off for everyone (§6), and three more icons would push the row past a laptop's screen. The menu
 * still lists them, each saying why it is off; arrow keys reach them.
 */
export function ReportActionsMenu({
  unit,
  onOpenDialog,
}: {
  unit: Equipment;
  onOpenDialog: (kind: UnitDialogKind, serialNumber: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const available = unitRules.reportButtons(unit);
  return (
    <>
      <TooltipIconButton
        size="small"
        label={`More actions for ${unit.serialNumber}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertOutlined fontSize="small" />
      </TooltipIconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { disabledItemsFocusable: true, 'aria-label': `More actions for ${unit.serialNumber}` } }}
      >
        {REPORT_ACTIONS.map(([kind, label, Icon]) => (
          <MenuItem
            key={kind}
            disabled={!available}
            onClick={() => {
              setAnchor(null);
              onOpenDialog(kind, unit.serialNumber);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={label} secondary={available ? undefined : REPORTS_OFF} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
