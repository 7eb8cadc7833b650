import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import type { EnrolledResponse } from '@ed/contract/second-factor';
import { useNotice } from '../../../shared/components/notice-context';
import { PasskeyDialog } from './passkey-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { TotpDialog } from './totp-dialog';

type Kind = 'totp' | 'passkey';
const ADDED: Record<Kind, string> = { totp: 'Authenticator app added.', passkey: 'Passkey added.' };

/**
 * Add authenticator app and Add passkey, with their dialogs. A first factor's recovery codes are
 * shown at once; `onDone` is called once the new factor is in and its codes, if any, put away.
 */
export function AddFactorActions({ username, onDone }: { username: string; onDone?: () => void }) {
  const { notify } = useNotice();
  const [adding, setAdding] = useState<Kind | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const enrolled = (kind: Kind) => (answer: EnrolledResponse) => {
    setAdding(null);
    notify(ADDED[kind]);
    if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
    else onDone?.();
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<PhonelinkLockIcon />} onClick={() => setAdding('totp')}>
          Add authenticator app
        </Button>
        <Button variant="outlined" startIcon={<FingerprintIcon />} onClick={() => setAdding('passkey')}>
          Add passkey
        </Button>
      </Stack>
      {adding === 'totp' && <TotpDialog onClose={() => setAdding(null)} onEnrolled={enrolled('totp')} />}
      {adding === 'passkey' && <PasskeyDialog onClose={() => setAdding(null)} onEnrolled={enrolled('passkey')} />}
      {codes && (
        <RecoveryCodesDialog
          codes={codes}
          username={username}
          onClose={() => {
            setCodes(null);
            onDone?.();
          }}
        />
      )}
    </>
  );
}
