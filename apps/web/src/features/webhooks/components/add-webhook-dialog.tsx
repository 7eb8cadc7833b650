import { useController } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  createWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  type CreatedWebhook,
  type CreateWebhook,
  type WebhookEventType,
} from '@ed/contract/webhooks';
import { useFieldProblem } from '../../../shared/components/form-context';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useCreateWebhook } from '../api/webhooks';

const DEFAULTS: CreateWebhook = { url: '', events: [], format: 'standard' };

/** The events an endpoint gets: a box each, in a group labelled Events. */
function EventsField() {
  const { field } = useController({ name: 'events' });
  const problem = useFieldProblem('events');
  const chosen = (field.value as WebhookEventType[] | undefined) ?? [];
  // Kept in the contract's order, whatever order they were ticked in.
  const toggle = (type: WebhookEventType, on: boolean) =>
    field.onChange(WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : chosen.includes(t))));
  return (
    <FormControl component="fieldset" error={problem !== undefined} required>
      <FormLabel component="legend">Events</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            label={WEBHOOK_EVENT_LABELS[type]}
            control={
              <Checkbox
                checked={chosen.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      {problem && <FormHelperText>{problem}</FormHelperText>}
    </FormControl>
  );
}

/** Add Webhook Endpoint: its address, its events and its format; the new endpoint's secret goes to `onCreated`. */
export function AddWebhookDialog({
  onCreated,
  onClose,
}: {
  onCreated: (created: CreatedWebhook) => void;
  onClose: () => void;
}) {
  const create = useCreateWebhook();
  return (
    <FormDialog
      title="Add Webhook Endpoint"
      schema={createWebhookSchema}
      defaultValues={DEFAULTS}
      submitLabel="Add"
      onSubmit={async (values) => onCreated(await create.mutateAsync(values))}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          name="url"
          label="URL"
          required
          autoFocus
          type="url"
          placeholder="https://hooks.example.com/equipment-dashboard"
          helperText="An https:// address the console can reach; it is posted each event you choose."
          slotProps={{ htmlInput: { maxLength: 2048 } }}
        />
        <EventsField />
        <FormTextField select name="format" label="Format" required>
          {WEBHOOK_FORMATS.map((format) => (
            <MenuItem key={format} value={format}>
              {WEBHOOK_FORMAT_LABELS[format]}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
    </FormDialog>
  );
}
