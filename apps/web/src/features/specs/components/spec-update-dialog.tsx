import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { SPEC_DEFAULTS, SPEC_TARGET_FAMILIES, specUpdateFormSchema, type SpecUpdate } from '@ed/contract/specs';
import type { Verification } from '@ed/contract/release-verification';
import { fieldsValid } from '../../../shared/components/form-context';
import { FormScope } from '../../../shared/components/form-dialog';
import { FormSwitch, FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useSubmission, useZodForm } from '../../../shared/components/use-zod-form';
import { useSaveSpec, validateSpec } from '../api/specs';

type Version = SpecUpdate['version'];

/**
 * Create (path first; the other fields appear once it validates) or Edit (a release's fields).
 * Confirm shows only when the comma-separated filter is valid (part 2 §2, §5; specUpdateFormSchema).
 */
export function SpecUpdateDialog({
  editing,
  open,
  onClose,
}: {
  editing: SpecUpdate | null;
  open: boolean;
  onClose: () => void;
}) {
  const form = useZodForm(specUpdateFormSchema, {
    path: editing?.path ?? '',
    active: editing?.active ?? SPEC_DEFAULTS.active,
    targetFamily: editing?.targetFamily ?? SPEC_DEFAULTS.targetFamily,
    filter: (editing?.filter ?? SPEC_DEFAULTS.filter).join(', '),
  });
  const { formState, handleSubmit } = form.methods;
  const [version, setVersion] = useState<Version | null>(editing?.version ?? null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const { failure, run, clear } = useSubmission();
  const save = useSaveSpec();
  const { alert } = useNotice();

  const validate = handleSubmit(({ path }) =>
    run(async () => {
      const validated = await validateSpec(path);
      setVersion(validated.version);
      setVerification(validated.verification);
    }),
  );
  const confirm = handleSubmit((values) =>
    run(async () => {
      if (!version) return;
      const saved = await save.mutateAsync({ create: !editing, body: { ...values, version } });
      alert(`Spec update ${saved.version.name} ${editing ? 'updated' : 'created'}.`);
      onClose();
    }),
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>{editing ? `Edit Spec Update ${editing.version.name}` : 'Create Spec Update'}</DialogTitle>
      <FormScope form={form}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              name="path"
              label="Spec update path"
              disabled={Boolean(editing)}
              autoFocus={!editing}
              onChange={() => {
                setVersion(null);
                clear();
              }}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
            {version && (
              <>
                {!editing && verification && (
                  <Alert severity={verification.signed ? 'success' : 'warning'}>
                    The manifest was verified: spec {version.name} ({version.month}/{version.year}). {verification.text}
                  </Alert>
                )}
                <FormSwitch name="active" label="Active" />
                <FormTextField select name="targetFamily" label="Target family">
                  {SPEC_TARGET_FAMILIES.map((f) => (
                    <MenuItem key={f} value={f}>
                      {f}
                    </MenuItem>
                  ))}
                </FormTextField>
                <FormTextField
                  name="filter"
                  label="Filter"
                  live
                  helperText="Serial number patterns, comma-separated; '*' means all units"
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          {!version && (
            <Button
              variant="outlined"
              disabled={!fieldsValid(form.issues, ['path'])}
              loading={formState.isSubmitting}
              onClick={() => void validate()}
            >
              Validate
            </Button>
          )}
          {version && form.issues.size === 0 && (
            <Button variant="contained" loading={save.isPending} onClick={() => void confirm()}>
              {editing ? 'Update' : 'Confirm'}
            </Button>
          )}
        </DialogActions>
      </FormScope>
    </Dialog>
  );
}
