import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Family } from '@ed/contract/families';
import type { ValidatedManifest } from '@ed/contract/software';
import { alertTexts } from '@ed/contract/socket';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { useCreateUpdate, validateUpdate } from '../api/software';

export const verifiedText = (m: ValidatedManifest) =>
  `The manifest was verified: version ${m.version.semantic}${m.version.meta ? ` (${m.version.meta})` : ''}.`;

/** Path → Validate → Confirm (part 2 §2); editing the path resets the validation. */
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
  const [path, setPath] = useState('');
  const [manifest, setManifest] = useState<ValidatedManifest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const create = useCreateUpdate(family);
  const { alert } = useNotice();

  const reset = () => {
    setPath('');
    setManifest(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const validate = async () => {
    setValidating(true);
    setError(null);
    try {
      setManifest(await validateUpdate(family, path));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setValidating(false);
    }
  };
  const confirm = () =>
    manifest &&
    create.mutate(manifest, {
      // The creator reads the alert everyone else gets from the live event, at once; their own
      // console skips that event's echo (LiveAlerts).
      onSuccess: (update) => {
        if (update.isLatest) alert(alertTexts.latestSoftware(update.version.semantic));
        close();
      },
      onError: (err) => setError(errorMessage(err)),
    });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Update path"
            value={path}
            autoFocus
            helperText="A folder under the updates directory that holds manifest.json"
            onChange={(e) => {
              setPath(e.target.value);
              setManifest(null);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && path.trim() && !manifest) void validate();
            }}
          />
          {error && <Alert severity="error">{error}</Alert>}
          {manifest && <Alert severity="success">{verifiedText(manifest)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        {!manifest && (
          <Button variant="outlined" disabled={!path.trim()} loading={validating} onClick={() => void validate()}>
            Validate
          </Button>
        )}
        {manifest && (
          <Button variant="contained" loading={create.isPending} onClick={confirm}>
            Confirm
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
