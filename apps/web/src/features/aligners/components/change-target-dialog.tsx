import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TARGET_TYPES } from '@ed/contract/constants';
import { useCommandRunner } from '../../../shared/equipment/components/command-button';

type TargetType = (typeof TARGET_TYPES)[number];

/** Change Target Type (part 1 §2, §5): a type must be chosen before Change is offered. */
export function ChangeTargetDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const titleId = useId();
  const [targetType, setTargetType] = useState<TargetType | ''>('');
  const runner = useCommandRunner('set_target_eol_types', serialNumber, onClose);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Change Target Type</DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        <TextField
          select
          label="Target Type"
          value={targetType}
          onChange={(e) => setTargetType(e.target.value as TargetType)}
          fullWidth
          margin="dense"
        >
          {TARGET_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!targetType}
          loading={runner.pending}
          onClick={() => targetType && runner.run({ targetType })}
        >
          Change
        </Button>
      </DialogActions>
    </Dialog>
  );
}
