import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { COMMENT_TEXT_MAX } from '@ed/contract/tickets';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { useNotice } from '../../../shared/components/notice-context';
import { useCreateComment } from '../api/tickets';

/** New Comment: an empty or cancelled comment is not saved (part 1 §4). */
export function NewCommentDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const titleId = useId();
  const session = useSession();
  const { notify } = useNotice();
  const create = useCreateComment();
  const [text, setText] = useState('');
  const empty = text.trim() === '';

  const save = () => {
    if (!session || empty) return;
    create.mutate(
      { ticketId, authorUsername: session.user.username, text },
      {
        onSuccess: () => {
          notify(`Comment added to ticket ${ticketId}.`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      <DialogTitle id={titleId}>{`New Comment on Ticket ${ticketId}`}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label="Comment"
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: COMMENT_TEXT_MAX } }}
        />
        {create.isError && <Alert severity="error">{`The comment was not saved: ${errorMessage(create.error)}`}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={empty} loading={create.isPending} onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
