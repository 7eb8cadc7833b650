import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Family } from '@ed/contract/families';
import { validateUpdateRequestSchema, type ValidatedManifest } from '@ed/contract/software';
import { alertTexts } from '@ed/contract/socket';
import { FormScope } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useSubmission, useZodForm } from '../../../shared/components/use-zod-form';
import { useCreateUpdate, validateUpdate } from '../api/software';

/** The spec's sentence (part 2 §2), then what the signature check found (docs/signed-updates.md). */
const verifiedText = (m: ValidatedManifest) =>
  `The manifest was verified: version ${m.version.semantic}${m.version.meta ? ` (${m.version.meta})` : ''}. ` +
  m.verification.text;

/** Path → Validate → Confirm (part 2 §2); editing the path resets the validation. */
function CreateUpdateForm({ family, onClose }: { family: Family; onClose: () => void }) {
  const form = useZodForm(validateUpdateRequestSchema, { updatePath: '' });
  const { formState, handleSubmit } = form.methods;
  const [manifest, setManifest] = useState<ValidatedManifest | null>(null);
  const { failure, run, clear } = useSubmission();
  const create = useCreateUpdate(family);
  const { alert } = useNotice();

  const validate = handleSubmit(({ updatePath }) =>
    run(async () => setManifest(await validateUpdate(family, updatePath))),
  );
  const confirm = (validated: ValidatedManifest) =>
    run(async () => {
      const update = await create.mutateAsync(validated);
      // The creator reads the alert everyone else gets from the live event, at once; their own
      // console skips that event's echo (LiveAlerts).
      if (update.isLatest) alert(alertTexts.latestSoftware(update.version.semantic));
      onClose();
    });

  return (
    <FormScope form={form}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            name="updatePath"
            label="Update path"
            autoFocus
            helperText="A folder under the updates directory that holds manifest.json"
            onChange={() => {
              setManifest(null);
              clear();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && form.issues.size === 0 && !manifest) void validate();
            }}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
          {manifest && (
            <Alert severity={manifest.verification.signed ? 'success' : 'warning'}>{verifiedText(manifest)}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {!manifest && (
          <Button
            variant="outlined"
            disabled={form.issues.size > 0}
            loading={formState.isSubmitting}
            onClick={() => void validate()}
          >
            Validate
          </Button>
        )}
        {manifest && (
          <Button variant="contained" loading={create.isPending} onClick={() => void confirm(manifest)}>
            Confirm
          </Button>
        )}
      </DialogActions>
    </FormScope>
  );
}

export function CreateUpdateDialog({
  family,
  title,
  open,
  onClose,
}: {
  family: Family;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>{title}</DialogTitle>
      {/* The form lives inside the dialog, so that it starts empty each time the dialog opens. */}
      <CreateUpdateForm family={family} onClose={onClose} />
    </Dialog>
  );
}
