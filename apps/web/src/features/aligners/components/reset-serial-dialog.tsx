import { resetSerialFormSchema } from '@ed/contract/commands';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { TOLD_BY_NOTICE } from '../../../shared/components/use-zod-form';
import { useCommandRunner } from '../../../shared/equipment/components/command-button';

export interface ResetSerialDialogProps {
  serialNumber: string;
  onClose: () => void;
  /** The unit now answers to `newSerialNumber`. */
  onChanged: (newSerialNumber: string) => void;
}

/**
 * Reset Serial (part 1 §2): one field, Change and Cancel; the new serial must be one (the contract's
 * serial rule), and the server checks it is free. The command's notices tell how it went.
 */
export function ResetSerialDialog({ serialNumber, onClose, onChanged }: ResetSerialDialogProps) {
  const runner = useCommandRunner('reset_serial_number', serialNumber);
  return (
    <FormDialog
      title="Reset Serial"
      width="xs"
      schema={resetSerialFormSchema}
      defaultValues={{ newSerialNumber: '' }}
      submitLabel="Change"
      onSubmit={async ({ newSerialNumber }) => {
        await runner.runAsync({ newSerialNumber });
        onChanged(newSerialNumber);
      }}
      errorText={TOLD_BY_NOTICE}
      onClose={onClose}
    >
      <FormTextField
        name="newSerialNumber"
        label="New Serial Number"
        parse={(text) => text.toUpperCase()}
        autoFocus
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 9, autoComplete: 'off', spellCheck: false } }}
        helperText={`Currently ${serialNumber}`}
      />
    </FormDialog>
  );
}
