import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useFieldProblem } from './form-context';

export type FormTextFieldProps = Omit<
  TextFieldProps<'outlined'>,
  'name' | 'value' | 'defaultValue' | 'error' | 'variant'
> & {
  /** The field's path in the form ('target.country'). */
  name: string;
  /** Shows the field's problem from the start, not only once it has been edited. */
  live?: boolean;
  /** What the typed text is kept as: upper case, a number, cut to a length. */
  parse?: (text: string) => unknown;
};

/**
 * A text field, or a select with MenuItem children, of the form around it (FormScope): its value is
 * the form's, and its problem (the schema's sentence) replaces the helper text.
 */
export function FormTextField({ name, live, parse, helperText, onChange, onBlur, ...props }: FormTextFieldProps) {
  const { field } = useController({ name });
  const problem = useFieldProblem(name, live);
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as unknown) ?? ''}
      inputRef={field.ref}
      onChange={(event) => {
        field.onChange(parse ? parse(event.target.value) : event.target.value);
        onChange?.(event);
      }}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      error={problem !== undefined}
      helperText={problem ?? helperText}
    />
  );
}

/** An on/off field of the form, with its label. */
export function FormSwitch({ name, label }: { name: string; label: string }) {
  const { field } = useController({ name });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
}

/** A yes/no box of the form, with its label. */
export function FormCheckbox({ name, label }: { name: string; label: string }) {
  const { field } = useController({ name });
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
}
