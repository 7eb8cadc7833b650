import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EnrolledResponse } from '@ed/contract/second-factor';
import { passkeyAddRequestSchema } from '@ed/contract/second-factor';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { addPasskey, useEnrolment } from '../api/second-factors';
import { passkeyErrorText } from '../api/webauthn';

const nameSchema = passkeyAddRequestSchema.pick({ name: true });

/**
 * Add passkey: a name to tell it apart, then the browser's own prompt (a security key, the
 * computer's or the phone's lock). `onEnrolled` hears the answer (recovery codes for a first factor).
 */
export function PasskeyDialog({
  onClose,
  onEnrolled,
}: {
  onClose: () => void;
  onEnrolled: (answer: EnrolledResponse) => void;
}) {
  const add = useEnrolment(addPasskey);
  return (
    <FormDialog
      title="Add passkey"
      width="sm"
      schema={nameSchema}
      defaultValues={{ name: '' }}
      submitLabel="Add"
      errorText={passkeyErrorText}
      onSubmit={async ({ name }) => onEnrolled(await add.mutateAsync(name))}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>
          Name the passkey, then follow your browser&apos;s prompt: a security key, or the lock of this computer or your
          phone.
        </Typography>
        <FormTextField
          name="name"
          label="Passkey name"
          placeholder="Work laptop"
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
      </Stack>
    </FormDialog>
  );
}
