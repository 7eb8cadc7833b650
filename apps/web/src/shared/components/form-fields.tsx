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

/** The input's maxLength, when the field sets one (slotProps.htmlInput.maxLength). */
function maxLengthOf(props: Pick<TextFieldProps, 'slotProps' | 'select'>): number | undefined {
  const input = (props.slotProps as { htmlInput?: { maxLength?: unknown } } | undefined)?.htmlInput;
  return typeof input?.maxLength === 'number' && !props.select ? input.maxLength : undefined;
}

/**
 * A text field, or a select with MenuItem children, of the form around it (FormScope): its value is
 * the form's, and its problem (the schema's sentence) replaces the helper text. A field with a
 * maxLength counts its characters as the user types, so text is never cut without a word.
 */
export function FormTextField({ name, live, parse, helperText, onChange, onBlur, ...props }: FormTextFieldProps) {
  const { field } = useController({ name });
  const problem = useFieldProblem(name, live);
  const max = maxLengthOf(props);
  const told = problem ?? helperText;
  const counted =
    max === undefined ? (
      told
    ) : (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{told ?? ' '}</span>
        <span aria-label={`${String(field.value ?? '').length} of ${max} characters`}>
          {`${String(field.value ?? '').length}/${max}`}
        </span>
      </span>
    );
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
      helperText={counted}
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
