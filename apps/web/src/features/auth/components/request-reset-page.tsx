import { useState, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { useBusy, useBusyWhile } from '../../../shared/components/busy-context';
import { CenteredCard } from '../../../shared/components/centered-card';
import { useRequestReset } from '../api/request-reset';
import { AuthField, AuthLink } from './form-fields';

export const RESET_REQUESTED_TEXT = 'Please check your e-mail for instructions to reset your password.';

export function RequestResetPage() {
  const request = useRequestReset();
  const { busy } = useBusy();
  const [username, setUsername] = useState('');
  useBusyWhile(request.isPending);

  const disabled = username.trim() === '' || busy || request.isPending || request.isSuccess;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!disabled) request.mutate({ username: username.trim() });
  };

  return (
    <CenteredCard title="Request password reset">
      <Stack component="form" spacing={2} onSubmit={submit}>
        <Typography>Enter your username and we will e-mail you a link to set a new password.</Typography>
        {request.isSuccess && (
          <Alert severity="success" role="status">
            {RESET_REQUESTED_TEXT}
          </Alert>
        )}
        {request.isError && <Alert severity="error">{errorMessage(request.error)}</Alert>}
        <AuthField
          label="Username"
          autoComplete="username"
          autoFocus
          value={username}
          readOnly={request.isSuccess}
          onChange={setUsername}
        />
        <Button type="submit" variant="contained" disabled={disabled}>
          REQUEST RESET
        </Button>
        <AuthLink to="/login">Back to sign in</AuthLink>
      </Stack>
    </CenteredCard>
  );
}
