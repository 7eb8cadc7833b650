import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Equipment } from '@ed/contract/equipment';
import { describeSerialNumber, modelText } from '@ed/contract/serial-number';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { FavoriteToggle } from '../../../shared/equipment/components/favorite-toggle';
import { OpenTicketsBadge } from '../../../shared/equipment/components/open-tickets-badge';

interface EquipmentDetailHeaderProps {
  titleId: string;
  serialNumber: string;
  unit: Equipment | undefined;
  refreshing: boolean;
  onRefresh: () => void;
  onClose: () => void;
}

/** Serial number and decoded model, open tickets, the radar star, refresh and close (part 1 §2). */
export function EquipmentDetailHeader(props: EquipmentDetailHeaderProps) {
  const { titleId, serialNumber, unit, refreshing, onRefresh, onClose } = props;
  return (
    <DialogTitle component="div" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {serialNumber} <Typography component="span">{modelText(serialNumber)}</Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {describeSerialNumber(serialNumber)}
        </Typography>
      </Box>
      {unit && <OpenTicketsBadge count={unit.openSupportTickets} />}
      {unit && <FavoriteToggle unit={unit} />}
      <TooltipIconButton label="Refresh" loading={refreshing} onClick={onRefresh}>
        <RefreshIcon />
      </TooltipIconButton>
      <TooltipIconButton label="Close" onClick={onClose}>
        <CloseIcon />
      </TooltipIconButton>
    </DialogTitle>
  );
}
