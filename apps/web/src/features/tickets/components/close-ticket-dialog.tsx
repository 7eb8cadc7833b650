import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Closing is final (part 1 §4), so it is confirmed first. */
export function CloseTicketDialog(props: { id: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={props.onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Close Ticket</DialogTitle>
      <DialogContent>
        <DialogContentText>{`Close ticket ${props.id}? A closed ticket cannot be reopened.`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>No</Button>
        <Button variant="contained" loading={props.busy} onClick={props.onConfirm}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
