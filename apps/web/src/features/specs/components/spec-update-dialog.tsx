import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  SPEC_DEFAULTS,
  SPEC_TARGET_FAMILIES,
  parseSpecFilter,
  type SpecTargetFamily,
  type SpecUpdate,
} from '@ed/contract/specs';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { useSaveSpec, validateSpec } from '../api/specs';

type Version = SpecUpdate['version'];

/**
 * Create (path first; the other fields appear once it validates) or Edit (a release's fields).
 * Confirm shows only when the comma-separated filter is valid (part 2 §2, §5).
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
  const [path, setPath] = useState(editing?.path ?? '');
  const [version, setVersion] = useState<Version | null>(editing?.version ?? null);
  const [active, setActive] = useState<boolean>(editing?.active ?? SPEC_DEFAULTS.active);
  const [targetFamily, setTargetFamily] = useState<SpecTargetFamily>(
    editing?.targetFamily ?? SPEC_DEFAULTS.targetFamily,
  );
  const [filterText, setFilterText] = useState((editing?.filter ?? SPEC_DEFAULTS.filter).join(', '));
  const [error, setError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const save = useSaveSpec();
  const { alert } = useNotice();
  const filter = parseSpecFilter(filterText);

  const validate = async () => {
    setValidating(true);
    setError(null);
    try {
      setVersion((await validateSpec(path)).version);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setValidating(false);
    }
  };
  const confirm = () =>
    version &&
    filter &&
    save.mutate(
      { create: !editing, body: { path, version, active, targetFamily, filter } },
      {
        onSuccess: (s) => {
          alert(`Spec update ${s.version.name} ${editing ? 'updated' : 'created'}.`);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>{editing ? `Edit Spec Update ${editing.version.name}` : 'Create Spec Update'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Spec update path"
            value={path}
            disabled={Boolean(editing)}
            autoFocus={!editing}
            onChange={(e) => {
              setPath(e.target.value);
              setVersion(null);
              setError(null);
            }}
          />
          {error && <Alert severity="error">{error}</Alert>}
          {version && (
            <>
              {!editing && (
                <Alert severity="success">
                  The manifest was verified: spec {version.name} ({version.month}/{version.year}).
                </Alert>
              )}
              <FormControlLabel
                control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
                label="Active"
              />
              <TextField
                select
                label="Target family"
                value={targetFamily}
                onChange={(e) => setTargetFamily(e.target.value as SpecTargetFamily)}
              >
                {SPEC_TARGET_FAMILIES.map((f) => (
                  <MenuItem key={f} value={f}>
                    {f}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Filter"
                value={filterText}
                onChange={(e) => setFilterText(e.target.value)}
                error={!filter}
                helperText={
                  filter
                    ? "Serial number patterns, comma-separated; '*' means all units"
                    : 'Enter at least one serial number pattern'
                }
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {!version && (
          <Button variant="outlined" disabled={!path.trim()} loading={validating} onClick={() => void validate()}>
            Validate
          </Button>
        )}
        {version && filter && (
          <Button variant="contained" loading={save.isPending} onClick={confirm}>
            {editing ? 'Update' : 'Confirm'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
