import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { MESSAGE_LIMITS } from '@ed/contract/messages';
import { useFieldProblem } from '../../../shared/components/form-context';

const FIELDS = [
  { key: 'header', label: 'Header', multiline: false },
  { key: 'body', label: 'Body', multiline: true },
  { key: 'callToAction', label: 'Call to Action', multiline: false },
] as const;

/** One text with its counter; a blank one says 'Required' from the start (the schema's sentence). */
function MessageTextField({
  name,
  label,
  multiline,
}: {
  name: keyof typeof MESSAGE_LIMITS;
  label: string;
  multiline: boolean;
}) {
  const { field } = useController({ name });
  const problem = useFieldProblem(name, true);
  const value = String(field.value ?? '');
  const max = MESSAGE_LIMITS[name];
  return (
    <TextField
      label={label}
      required
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      value={value}
      inputRef={field.ref}
      error={problem !== undefined}
      onChange={(e) => field.onChange(e.target.value.slice(0, max))}
      onBlur={field.onBlur}
      helperText={
        <span style={{ display: 'flex', justifyContent: 'space-between' }}>
          <span>{problem ?? ' '}</span>
          <span>{`${value.length}/${max}`}</span>
        </span>
      }
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
}

/** Step 2: header (75), body (200) and call to action (200), each with a counter and 'Required'. */
export function MessageTextFields() {
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {FIELDS.map(({ key, label, multiline }) => (
        <MessageTextField key={key} name={key} label={label} multiline={multiline} />
      ))}
    </Stack>
  );
}
