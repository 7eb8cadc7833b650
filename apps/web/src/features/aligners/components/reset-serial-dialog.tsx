import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useCommandRunner } from '../../../shared/equipment/components/command-button';

export interface ResetSerialDialogProps {
  serialNumber: string;
  onClose: () => void;
  /** The unit now answers to `newSerialNumber`. */
  onChanged: (newSerialNumber: string) => void;
}

/** Reset Serial (part 1 §2): one field, Change and Cancel; the server checks the new serial is free and valid. */
export function ResetSerialDialog({ serialNumber, onClose, onChanged }: ResetSerialDialogProps) {
  const titleId = useId();
  const [text, setText] = useState('');
  const next = text.trim().toUpperCase();
  const runner = useCommandRunner('reset_serial_number', serialNumber, () => onChanged(next));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next && !runner.pending) runner.run({ newSerialNumber: next });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Reset Serial</DialogTitle>
      <Box component="form" onSubmit={submit}>
        <DialogContent sx={{ pt: 0 }}>
          <TextField
            label="New Serial Number"
            value={text}
            onChange={(e) => setText(e.target.value.toUpperCase())}
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 9, autoComplete: 'off', spellCheck: false } }}
            helperText={`Currently ${serialNumber}`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!next} loading={runner.pending}>
            Change
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
