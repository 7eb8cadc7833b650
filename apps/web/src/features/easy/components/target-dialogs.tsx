import { ezMessages, ezPackageName, targetFormSchema, targetPackageFormSchema, type Target } from '@ed/contract/easy';
import { ApiError } from '../../../shared/api/http';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { TOLD_BY_NOTICE } from '../../../shared/components/use-zod-form';
import { createTarget, deleteTarget, easyKeys, updateTarget } from '../api/easy';
import { ConfirmDialog } from './confirm-dialog';
import { useEasyAction, withReason } from './use-easy-action';
import { PackageSelect } from './package-select';

export type TargetDialogKind = 'edit' | 'delete';

/** Create Target (part 2 §5): package and name chosen, and an id that is a number of 0 or more (targetFormSchema). */
export function CreateTargetDialog({ onClose }: { onClose: () => void }) {
  const create = useEasyAction({
    call: createTarget,
    success: (_answer, request) => ezMessages.targetCreated(request.targetName),
    failure: (error) => withReason(ezMessages.targetCreateFailed, error),
    reload: easyKeys.targets,
    onDone: onClose,
  });
  return (
    <FormDialog
      title="Create Target"
      width="sm"
      schema={targetFormSchema}
      defaultValues={{ packageIndex: '', targetName: '', targetId: '' }}
      submitLabel="Create Target"
      onSubmit={create.mutateAsync}
      errorText={TOLD_BY_NOTICE}
      onClose={onClose}
    >
      <PackageSelect name="packageIndex" />
      <FormTextField
        name="targetName"
        label="Target Name"
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 64 } }}
      />
      <FormTextField
        name="targetId"
        label="Target ID"
        type="number"
        helperText=" "
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
    </FormDialog>
  );
}

/** Modify Target: only the package changes. */
function ModifyTargetDialog({ target, onClose }: { target: Target; onClose: () => void }) {
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
    <FormDialog
      title="Modify Target"
      width="sm"
      schema={targetPackageFormSchema}
      defaultValues={{ packageIndex: target.packageIndex }}
      submitLabel="Update"
      onSubmit={({ packageIndex }) =>
        save.mutateAsync({
          targetName: target.targetName,
          targetId: target.targetId,
          packageIndex,
          packageName: ezPackageName(packageIndex)!,
        })
      }
      errorText={TOLD_BY_NOTICE}
      onClose={onClose}
    >
      <PackageSelect name="packageIndex" />
    </FormDialog>
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
