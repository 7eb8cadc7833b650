import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { errorMessage } from '../../../shared/api/http';
import { usePasswordProblems } from '../../../shared/auth/use-password-problems';
import { useNotice } from '../../../shared/components/notice-context';
import { useChangePassword } from '../api/change-password';
import { AuthField } from './form-fields';

export const EXPIRED_TEXT = 'Your password has expired. Please choose a new one.';
export const PASSWORD_CHANGED_NOTICE = 'Password changed.';

export interface ChangePasswordDialogProps {
  open: boolean;
  username: string;
  /** An expired password must be changed: no Cancel, and Escape or a click outside do nothing. */
  expired: boolean;
  onClose: () => void;
}

export function ChangePasswordDialog({ open, username, expired, onClose }: ChangePasswordDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={expired ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      <DialogTitle id={titleId}>Change Password</DialogTitle>
      {/* The form lives inside the dialog so that it starts empty each time the dialog opens. */}
      <ChangePasswordForm username={username} expired={expired} onClose={onClose} />
    </Dialog>
  );
}

function ChangePasswordForm({ username, expired, onClose }: Omit<ChangePasswordDialogProps, 'open'>) {
  const change = useChangePassword();
  const { notify } = useNotice();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');

  const { problems, acceptable } = usePasswordProblems(next, {
    currentPassword: current || undefined,
    userInputs: [username],
  });
  const canSubmit = current.length > 0 && acceptable && !change.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    change.mutate(
      { username, prevPassword: current, newPassword: next },
      {
        onSuccess: () => {
          notify(PASSWORD_CHANGED_NOTICE);
          onClose();
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {expired && <Typography>{EXPIRED_TEXT}</Typography>}
          {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
          <AuthField
            label="Current Password"
            autoComplete="current-password"
            autoFocus
            value={current}
            onChange={setCurrent}
          />
          <AuthField
            label="New Password"
            autoComplete="new-password"
            value={next}
            problem={problems.join(' ')}
            onChange={setNext}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {!expired && <Button onClick={onClose}>Cancel</Button>}
        <Button type="submit" variant="contained" disabled={!canSubmit} loading={change.isPending}>
          Change
        </Button>
      </DialogActions>
    </Box>
  );
}
