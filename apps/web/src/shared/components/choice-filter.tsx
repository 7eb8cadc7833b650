import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A select of a list's filter row: its choices as [value, label], '' for all. */
export function ChoiceFilter(props: {
  label: string;
  value: string;
  choices: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  minWidth: number;
  maxWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: props.minWidth, maxWidth: props.maxWidth }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {props.choices.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}
