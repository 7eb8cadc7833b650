import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ezMessages, ezPackageName, type Target } from '@ed/contract/easy';
import { ApiError } from '../../../shared/api/http';
import { createTarget, deleteTarget, easyKeys, updateTarget } from '../api/easy';
import { ConfirmDialog } from './confirm-dialog';
import { useEasyAction, withReason } from './use-easy-action';
import { PackageSelect } from './package-select';

export type TargetDialogKind = 'edit' | 'delete';

/** The Create Target rule (part 2 §5): package and name chosen, and an id that is a number of 0 or more. */
export function targetIdValue(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return Number.isSafeInteger(id) ? id : null;
}

export function CreateTargetDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [pkg, setPkg] = useState<number | ''>('');
  const [name, setName] = useState('');
  const [idText, setIdText] = useState('');
  const create = useEasyAction({
    call: createTarget,
    success: (_answer, request) => ezMessages.targetCreated(request.targetName),
    failure: (error) => withReason(ezMessages.targetCreateFailed, error),
    reload: easyKeys.targets,
    onDone: onClose,
  });
  const targetId = targetIdValue(idText);
  const valid = pkg !== '' && name.trim() !== '' && targetId !== null;
  const submit = () => {
    if (!valid) return;
    create.mutate({ packageIndex: pkg, packageName: ezPackageName(pkg)!, targetName: name.trim(), targetId });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Create Target</DialogTitle>
      <DialogContent>
        <PackageSelect value={pkg} onChange={setPkg} />
        <TextField
          label="Target Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <TextField
          label="Target ID"
          type="number"
          value={idText}
          onChange={(event) => setIdText(event.target.value)}
          error={idText !== '' && targetId === null}
          helperText={idText !== '' && targetId === null ? 'A whole number of 0 or more.' : ' '}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid} loading={create.isPending} onClick={submit}>
          Create Target
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Modify Target: only the package changes. */
function ModifyTargetDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const titleId = useId();
  const [pkg, setPkg] = useState(target.packageIndex);
  const save = useEasyAction({
    call: updateTarget,
    success: () => ezMessages.targetUpdated(target.targetName),
    failure: (error) =>
      error instanceof ApiError && error.status === 404
        ? ezMessages.targetMissing(target.targetName)
        : withReason(ezMessages.targetUpdateFailed, error),
    reload: easyKeys.targets,
    onDone: onClose,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Modify Target</DialogTitle>
      <DialogContent>
        <PackageSelect value={pkg} onChange={setPkg} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              targetName: target.targetName,
              targetId: target.targetId,
              packageIndex: pkg,
              packageName: ezPackageName(pkg)!,
            })
          }
        >
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteTargetDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const remove = useEasyAction({
    call: deleteTarget,
    success: (answer) => answer.message,
    failure: (error) => withReason(`EZ ADAS target ${target.targetName} could not be deleted`, error),
    reload: easyKeys.targets,
    onDone: onClose,
  });
  return (
    <ConfirmDialog
      title="Delete Target"
      text={`Are you sure you want to delete ${target.targetName}?`}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(target.targetName)}
      onClose={onClose}
    />
  );
}

export function TargetDialog({
  kind,
  target,
  onClose,
}: {
  kind: TargetDialogKind;
  target: Target;
  onClose: () => void;
}) {
  if (kind === 'edit') return <ModifyTargetDialog target={target} onClose={onClose} />;
  return <DeleteTargetDialog target={target} onClose={onClose} />;
}
