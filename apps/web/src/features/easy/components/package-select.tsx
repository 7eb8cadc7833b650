import MenuItem from '@mui/material/MenuItem';
import { EZ_PACKAGES } from '@ed/contract/easy';
import { FormTextField } from '../../../shared/components/form-fields';

/** The EZ ADAS package choice (part 2 §9) of the target and subscription dialogs: the form's `name` field. */
export function PackageSelect({ name }: { name: string }) {
  return (
    <FormTextField select name={name} label="Package" parse={Number} fullWidth margin="dense">
      {EZ_PACKAGES.map((p) => (
        <MenuItem key={p.index} value={p.index}>
          {p.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
