import MenuItem from '@mui/material/MenuItem';
import { targetTypeFormSchema } from '@ed/contract/commands';
import { TARGET_TYPES } from '@ed/contract/constants';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { TOLD_BY_NOTICE } from '../../../shared/components/use-zod-form';
import { useCommandRunner } from '../../../shared/equipment/components/command-button';

/**
 * Change Target Type (part 1 §2, §5): a type must be chosen before Change is offered
 * (targetTypeFormSchema). The command's notices tell how it went.
 */
export function ChangeTargetDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const runner = useCommandRunner('set_target_eol_types', serialNumber, onClose);
  return (
    <FormDialog
      title="Change Target Type"
      width="xs"
      schema={targetTypeFormSchema}
      defaultValues={{ targetType: '' }}
      submitLabel="Change"
      onSubmit={runner.runAsync}
      errorText={TOLD_BY_NOTICE}
      onClose={onClose}
    >
      <FormTextField select name="targetType" label="Target Type" fullWidth margin="dense">
        {TARGET_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </FormTextField>
    </FormDialog>
  );
}
