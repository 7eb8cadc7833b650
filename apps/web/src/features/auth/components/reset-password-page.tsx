import { useState, type SyntheticEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { usePasswordProblems } from '../../../shared/auth/use-password-problems';
import { useBusyWhile } from '../../../shared/components/busy-context';
import { CenteredCard } from '../../../shared/components/centered-card';
import { useNotice } from '../../../shared/components/notice-context';
import { useResetPassword } from '../api/reset-password';
import { AuthField, AuthLink } from './form-fields';

export const RESET_INSTRUCTIONS =
  'Please enter and verify your new password. The password must be 12 characters or longer.';
export const RESET_FAILED = 'Something went wrong...';
export const PASSWORD_SET_NOTICE = 'Your password has been set. Please sign in.';

function Failure({ detail }: { detail: string }) {
  return (
    <Alert severity="error">
      <AlertTitle>{RESET_FAILED}</AlertTitle>
      {detail}
    </Alert>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { notify } = useNotice();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [verifyPassword, setVerifyPassword] = useState('');
  const { problems, acceptable } = usePasswordProblems(newPassword);
  useBusyWhile(reset.isPending);

  if (!token) {
    return (
      <CenteredCard title="Set new password">
        <Stack spacing={2}>
          <Failure detail="This link has no reset token." />
          <AuthLink to="/request_password_reset">request password reset</AuthLink>
        </Stack>
      </CenteredCard>
    );
  }

  const canSubmit = acceptable && newPassword === verifyPassword && !reset.isPending;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify(PASSWORD_SET_NOTICE);
          void navigate('/login', { replace: true });
        },
      },
    );
  };
  const mismatch = verifyPassword !== '' && verifyPassword !== newPassword;

  return (
    <CenteredCard title="Set new password">
      <Stack component="form" spacing={2} onSubmit={submit}>
        <Typography>{RESET_INSTRUCTIONS}</Typography>
        {reset.isError && <Failure detail={errorMessage(reset.error)} />}
        <AuthField
          label="New Password"
          autoComplete="new-password"
          autoFocus
          value={newPassword}
          problem={problems.join(' ')}
          onChange={setNewPassword}
        />
        <AuthField
          label="Verify New Password"
          autoComplete="new-password"
          value={verifyPassword}
          problem={mismatch ? 'The passwords do not match.' : undefined}
          onChange={setVerifyPassword}
        />
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          SET PASSWORD
        </Button>
        <AuthLink to="/login">Back to sign in</AuthLink>
      </Stack>
    </CenteredCard>
  );
}
