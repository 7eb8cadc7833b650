import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question with No and Yes; No has the focus, so Enter does not destroy anything by accident. */
export function ConfirmDialog({ title, text, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          No
        </Button>
        <Button color="error" variant="contained" loading={busy} onClick={onConfirm}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
