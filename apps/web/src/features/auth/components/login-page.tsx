import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { useBusyWhile } from '../../../shared/components/busy-context';
import { CenteredCard } from '../../../shared/components/centered-card';
import { secondStepOf, useSignIn } from '../api/sign-in';
import { AuthField, AuthLink } from './form-fields';
import { SingleSignOn, useSsoCallback } from './single-sign-on';

/**
 * Loaded when a password step asks for a second factor: its calls are validated by the contract's
 * schemas, which the sign-in page's first download does without.
 */
const SecondStep = lazy(() => import('./second-step').then((m) => ({ default: m.SecondStep })));

export function LoginPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const sso = useSsoCallback();
  useBusyWhile(signIn.isPending);
  const secondStep = secondStepOf(signIn.error);
  const goHome = () => void navigate('/', { replace: true });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const incomplete = username.trim() === '' || password === '';
    setMissing(incomplete);
    if (incomplete) return;
    signIn.mutate({ username: username.trim(), password }, { onSuccess: goHome });
  };

  if (secondStep) {
    return (
      <CenteredCard title="Sign in">
        <Suspense fallback={<LinearProgress aria-label="Loading the second step" />}>
          <SecondStep
            challenge={secondStep}
            onSignedIn={goHome}
            onBack={() => {
              setPassword('');
              signIn.reset();
            }}
          />
        </Suspense>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Sign in">
      <Stack component="form" spacing={2} onSubmit={submit}>
        <Typography>You need to sign in...</Typography>
        {missing && <Alert severity="error">Enter your username and password.</Alert>}
        {!missing && signIn.isError && <Alert severity="error">{errorMessage(signIn.error)}</Alert>}
        {sso.problem && !missing && !signIn.isError && <Alert severity="error">{sso.problem}</Alert>}
        <AuthField label="Username" autoComplete="username" autoFocus value={username} onChange={setUsername} />
        <AuthField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Button type="submit" variant="contained" disabled={signIn.isPending || sso.pending}>
          LOGIN
        </Button>
        <SingleSignOn disabled={signIn.isPending || sso.pending} />
        <AuthLink to="/request_password_reset">request password reset</AuthLink>
      </Stack>
    </CenteredCard>
  );
}
