import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EZ_PACKAGES } from '@ed/contract/easy';

/** The EZ ADAS package choice (part 2 §9) of the target and subscription dialogs. */
export function PackageSelect({ value, onChange }: { value: number | ''; onChange: (index: number) => void }) {
  return (
    <TextField
      select
      label="Package"
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      fullWidth
      margin="dense"
    >
      {EZ_PACKAGES.map((p) => (
        <MenuItem key={p.index} value={p.index}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
