import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGE_LIMITS } from '@ed/contract/messages';

export interface MessageText {
  header: string;
  body: string;
  callToAction: string;
}

const FIELDS = [
  { key: 'header', label: 'Header', multiline: false },
  { key: 'body', label: 'Body', multiline: true },
  { key: 'callToAction', label: 'Call to Action', multiline: false },
] as const;

export const isCompleteText = (text: MessageText): boolean =>
  FIELDS.every(({ key }) => text[key].trim() !== '' && text[key].length <= MESSAGE_LIMITS[key]);

/** Step 2: header (75), body (200) and call to action (200), each with a counter and 'Required'. */
export function MessageTextFields({ value, onChange }: { value: MessageText; onChange: (value: MessageText) => void }) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {FIELDS.map(({ key, label, multiline }) => {
        const max = MESSAGE_LIMITS[key];
        const empty = value[key].trim() === '';
        return (
          <TextField
            key={key}
            label={label}
            required
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            value={value[key]}
            error={empty}
            onChange={(e) => onChange({ ...value, [key]: e.target.value.slice(0, max) })}
            helperText={
              <span style={{ display: 'flex', justifyContent: 'space-between' }}>
                <span>{empty ? 'Required' : ' '}</span>
                <span>{`${value[key].length}/${max}`}</span>
              </span>
            }
            slotProps={{ htmlInput: { maxLength: max } }}
          />
        );
      })}
    </Stack>
  );
}
