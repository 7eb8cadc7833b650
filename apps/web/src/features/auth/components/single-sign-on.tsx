import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { useBusyWhile } from '../../../shared/components/busy-context';
import { ssoCallbackIn, useSsoConfig, useSsoFinish, useSsoStart } from '../api/single-sign-on';

/**
 * The way back from the provider: /login?state=…&code=… is finished once (a second POST of the
 * same state would be refused as a replay), the address is cleaned at once so a reload does not
 * send it again, and success goes home signed in. Answers the failure's sentence, if any.
 */
export function useSsoCallback(): { pending: boolean; problem?: string } {
  const location = useLocation();
  const navigate = useNavigate();
  const finish = useSsoFinish();
  const taken = useRef(false);
  useBusyWhile(finish.isPending);
  useEffect(() => {
    const callback = ssoCallbackIn(location.search);
    if (!callback || taken.current) return;
    taken.current = true;
    void navigate('/login', { replace: true });
    finish.mutate(callback, { onSuccess: () => void navigate('/', { replace: true }) });
  }, [location.search, navigate, finish]);
  return { pending: finish.isPending, problem: finish.isError ? errorMessage(finish.error) : undefined };
}

/** "Sign in with <label>", when the server offers single sign-on. */
export function SingleSignOn({ disabled }: { disabled: boolean }) {
  const config = useSsoConfig();
  const start = useSsoStart();
  useBusyWhile(start.isPending);
  if (!config?.enabled) return null;
  return (
    <>
      <Typography align="center" color="text.secondary">
        or
      </Typography>
      {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
      <Button variant="outlined" disabled={disabled || start.isPending} onClick={() => start.mutate(undefined)}>
        Sign in with {config.label}
      </Button>
    </>
  );
}
