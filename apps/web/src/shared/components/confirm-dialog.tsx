import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * Asks before something that cannot be undone, or that sets much in motion (a start); shows the
 * server's reason when it refuses. `confirmLabel` names the act; it is red unless `constructive`.
 */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
  constructive?: boolean;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{props.text}</DialogContentText>
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {props.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          No
        </Button>
        <Button
          color={props.constructive ? 'primary' : 'error'}
          variant="contained"
          loading={props.busy}
          onClick={props.onConfirm}
        >
          {props.confirmLabel ?? 'Yes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
