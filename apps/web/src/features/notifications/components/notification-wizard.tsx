import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { NOTIFICATION_MIME_TYPES, type CreateNotificationRequest } from '@ed/contract/notifications';
import { errorMessage } from '../../../shared/api/http';
import { DateRangeFields, isValidRange, type DateRange } from '../../../shared/components/date-range-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { WizardDialog } from '../../../shared/components/wizard-dialog';
import { dayEndIso, dayStartIso } from '../../../shared/lib/dates';
import { useCreateNotification } from '../api/notifications';
import { TargetFields, type TargetValues } from './target-fields';

/** Create Notification (part 2 §2): time period; name, MIME type and content path; target. */
export function NotificationWizard({ onClose }: { onClose: () => void }) {
  const { notify } = useNotice();
  const create = useCreateNotification();
  const [period, setPeriod] = useState<DateRange>({ start: '', end: '' });
  const [name, setName] = useState('');
  const [mimeType, setMimeType] = useState('');
  const [resourcePath, setResourcePath] = useState('');
  const [target, setTarget] = useState<TargetValues>({ family: '', country: '', region: '', city: '' });
  const configured = name.trim() !== '' && mimeType !== '' && resourcePath.trim() !== '';
  const targeted = target.family !== '' && target.country !== '';

  const save = () => {
    const input: CreateNotificationRequest = {
      name: name.trim(),
      resourcePath: resourcePath.trim(),
      mimeType: mimeType as CreateNotificationRequest['mimeType'],
      beginsOn: dayStartIso(period.start),
      endsOn: dayEndIso(period.end),
      targetType: 'geographic',
      target: {
        family: target.family as CreateNotificationRequest['target']['family'],
        country: target.country,
        region: target.region || null,
        city: target.city || null,
      },
    };
    create.mutate(input, {
      onSuccess: (created) => {
        notify(`Notification ${created.name} was created.`);
        onClose();
      },
    });
  };

  return (
    <WizardDialog
      title="Create Notification"
      width={DIALOG_WIDTH.default}
      busy={create.isPending}
      error={create.error ? errorMessage(create.error) : null}
      onClose={onClose}
      actions={[{ label: 'Create', onClick: save, disabled: !(isValidRange(period) && configured && targeted) }]}
      steps={[
        {
          label: 'Select Time Period',
          complete: isValidRange(period),
          content: (
            <DateRangeFields value={period} onChange={setPeriod} labels={{ start: 'Begins On', end: 'Ends On' }} />
          ),
        },
        {
          label: 'Configure',
          complete: configured,
          content: (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value.slice(0, 200))} />
              <TextField
                select
                label="MIME Type"
                required
                value={mimeType}
                onChange={(e) => setMimeType(e.target.value)}
              >
                {NOTIFICATION_MIME_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Content Path"
                required
                value={resourcePath}
                onChange={(e) => setResourcePath(e.target.value.slice(0, 2048))}
              />
            </Stack>
          ),
        },
        { label: 'Target', complete: targeted, content: <TargetFields value={target} onChange={setTarget} /> },
      ]}
    />
  );
}
