import { useState, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { useBusyWhile } from '../../../shared/components/busy-context';
import type { SecondStepChallenge } from '../api/sign-in';
import { useCodeSignIn, usePasskeySignIn } from '../api/second-step';
import { passkeyErrorText } from '../api/webauthn';
import { AuthField } from './form-fields';

const SECOND_STEP_TEXT = 'Enter the six-digit code from your authenticator app.';
const RECOVERY_HINT = 'Lost your phone? A recovery code works here too.';

interface SecondStepProps {
  challenge: SecondStepChallenge;
  /** Signed in: the token is stored. */
  onSignedIn: () => void;
  /** Back to the password step (another account, or a step that has expired). */
  onBack: () => void;
}

/**
 * The second step of a sign-in, in the sign-in card: a code (TOTP or recovery) with Verify, or the
 * account's passkey. Loaded only when a password step asks for it, with the schemas it calls by.
 */
export function SecondStep({ challenge, onSignedIn, onBack }: SecondStepProps) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const withCode = useCodeSignIn();
  const withPasskey = usePasskeySignIn();
  const pending = withCode.isPending || withPasskey.isPending;
  useBusyWhile(pending);
  const hasApp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (pending) return;
    const typed = code.trim();
    setMissing(typed === '');
    if (typed === '') return;
    withPasskey.reset();
    withCode.mutate({ mfaToken: challenge.mfaToken, code: typed }, { onSuccess: onSignedIn });
  };

  const choosePasskey = () => {
    setMissing(false);
    withCode.reset();
    withPasskey.mutate(challenge.mfaToken, { onSuccess: onSignedIn });
  };

  const problem = missing
    ? 'Enter a code.'
    : withCode.isError
      ? errorMessage(withCode.error)
      : withPasskey.isError
        ? passkeyErrorText(withPasskey.error)
        : undefined;

  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Second step">
      <Typography>
        {hasApp ? SECOND_STEP_TEXT : 'Use your passkey, or enter a recovery code.'}
        {hasApp && hasPasskey && ' Or use your passkey.'}
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      <AuthField
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={setCode}
        hint={RECOVERY_HINT}
      />
      <Button type="submit" variant="contained" disabled={pending}>
        Verify
      </Button>
      {hasPasskey && (
        <Button variant="outlined" disabled={pending} onClick={choosePasskey}>
          Use a passkey
        </Button>
      )}
      <Button variant="text" disabled={pending} onClick={onBack}>
        Back to username and password
      </Button>
    </Stack>
  );
}
