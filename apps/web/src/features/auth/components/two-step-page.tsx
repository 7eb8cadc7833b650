import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SecondFactor, SecondFactorsResponse } from '@ed/contract/second-factor';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { useNotice } from '../../../shared/components/notice-context';
import { deleteFactor, newRecoveryCodes, useFactorMutation, useSecondFactors } from '../api/second-factors';
import { AddFactorActions } from './add-factor-actions';
import { FactorTable, KIND_LABELS } from './factor-table';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

/** A single sign-on account's factors are the provider's: what it said about this sign-in. */
function ProviderFactors({ amr, acr }: Pick<SecondFactorsResponse, 'amr' | 'acr'>) {
  return (
    <Stack spacing={1}>
      <Typography>
        Your account signs in through single sign-on: its second factor is set up with the provider, not here.
      </Typography>
      <Typography>Signed in with: {amr.length > 0 ? amr.join(', ') : 'not stated by the provider'}</Typography>
      {acr && <Typography>Assurance level: {acr}</Typography>}
    </Stack>
  );
}

/**
 * Two-step sign-in (account menu): the user's authenticator apps and passkeys, adding and removing
 * them, and their recovery codes (how many are left, and new ones, shown once).
 */
export function TwoStepPage() {
  const username = useSession()?.user.username ?? '';
  const list = useSecondFactors();
  const { notify } = useNotice();
  const remove = useFactorMutation(deleteFactor);
  const renew = useFactorMutation(newRecoveryCodes);
  const [toRemove, setToRemove] = useState<SecondFactor | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (list.isPending) return <LinearProgress aria-label="Loading your second factors" />;
  if (list.isError) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  const { factors, required, recoveryCodesLeft } = list.data;
  if (list.data.singleSignOn) return <ProviderFactors amr={list.data.amr} acr={list.data.acr} />;

  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        A second factor keeps your account safe if your password is found out: after the password, sign-in asks for a
        code from an authenticator app or for a passkey.
        {required && ' Your role needs one, so the last one cannot be removed.'}
      </Typography>
      <FactorTable factors={factors} onRemove={setToRemove} />
      <AddFactorActions username={username} />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          Recovery codes
        </Typography>
        <Typography>
          {factors.length === 0
            ? 'You get recovery codes with your first authenticator app or passkey.'
            : `Recovery codes left: ${recoveryCodesLeft}. Each one signs you in once if you lose your second factor.`}
        </Typography>
        <Button variant="outlined" disabled={factors.length === 0} onClick={() => setRenewing(true)}>
          New recovery codes
        </Button>
      </Stack>
      {toRemove && (
        <ConfirmDialog
          title={`Remove ${KIND_LABELS[toRemove.kind].toLowerCase()}`}
          text={`Remove ${toRemove.name}? It no longer signs you in.`}
          confirmLabel="Remove"
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() =>
            remove.mutate(toRemove.id, {
              onSuccess: ({ message }) => {
                notify(message);
                setToRemove(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setToRemove(null);
          }}
        />
      )}
      {renewing && (
        <ConfirmDialog
          title="New recovery codes"
          text="Make new recovery codes? The ones you have stop working at once."
          confirmLabel="Make new codes"
          busy={renew.isPending}
          error={renew.error ? errorMessage(renew.error) : null}
          onConfirm={() =>
            renew.mutate(undefined, {
              onSuccess: ({ recoveryCodes }) => {
                setRenewing(false);
                setCodes(recoveryCodes);
              },
            })
          }
          onClose={() => {
            renew.reset();
            setRenewing(false);
          }}
        />
      )}
      {codes && <RecoveryCodesDialog codes={codes} username={username} onClose={() => setCodes(null)} />}
    </Stack>
  );
}
