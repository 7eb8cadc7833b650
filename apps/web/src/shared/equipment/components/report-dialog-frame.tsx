import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { errorMessage } from '../../api/http';

interface ReportDialogFrameProps {
  title: string;
  /** The query behind the dialog: a spinner while it loads, its error instead of the content. */
  loading: boolean;
  error: unknown;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the read-only sub-dialogs (screen shots, voltages, USB and printer status). */
export function ReportDialogFrame({ title, loading, error, onClose, children }: ReportDialogFrameProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers aria-busy={loading}>
        {loading ? (
          <CircularProgress aria-label="Loading" />
        ) : error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          children
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
