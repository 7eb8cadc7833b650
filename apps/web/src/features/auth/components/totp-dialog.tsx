import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EnrolledResponse } from '@ed/contract/second-factor';
import { totpConfirmRequestSchema } from '@ed/contract/second-factor';
import { errorMessage } from '../../../shared/api/http';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { confirmTotp, useEnrolment, useTotpStart } from '../api/second-factors';
import { QrCode } from './qr-code';

const codeSchema = totpConfirmRequestSchema.pick({ code: true });

/** A base32 secret in groups of four, as it is easier to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Add authenticator app: a new secret as a QR code and as text, confirmed by a code from the app
 * before it counts. `onEnrolled` hears the answer (recovery codes for a first factor).
 */
export function TotpDialog({
  onClose,
  onEnrolled,
}: {
  onClose: () => void;
  onEnrolled: (a: EnrolledResponse) => void;
}) {
  const start = useTotpStart();
  const confirm = useEnrolment(confirmTotp);
  const started = start.data;
  return (
    <FormDialog
      title="Add authenticator app"
      width="sm"
      schema={codeSchema}
      defaultValues={{ code: '' }}
      submitLabel="Verify"
      onSubmit={async ({ code }) => {
        if (!started) return;
        onEnrolled(await confirm.mutateAsync({ id: started.id, code }));
      }}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>
          Scan this QR code with your authenticator app (such as Google Authenticator, Microsoft Authenticator or a
          password manager), or type the key into it.
        </Typography>
        {start.isPending && <LinearProgress aria-label="Preparing the key" />}
        {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
        {started && (
          <>
            <QrCode text={started.uri} label="QR code of the key for your authenticator app" />
            <TextField
              label="Key"
              value={grouped(started.secret)}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false },
                input: { sx: { fontFamily: 'monospace' } },
              }}
              onFocus={(event) => event.target.select()}
            />
          </>
        )}
        <Typography>Then enter the six-digit code the app shows.</Typography>
        <FormTextField
          name="code"
          label="Code"
          autoComplete="one-time-code"
          disabled={!started}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, spellCheck: false } }}
        />
      </Stack>
    </FormDialog>
  );
}
