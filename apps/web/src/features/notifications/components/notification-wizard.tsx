import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { NOTIFICATION_MIME_TYPES, notificationFormSchema } from '@ed/contract/notifications';
import { DateRangeFields } from '../../../shared/components/date-range-fields';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { WizardDialog } from '../../../shared/components/wizard-dialog';
import { dayEndIso, dayStartIso } from '../../../shared/lib/dates';
import { useCreateNotification } from '../api/notifications';
import { TargetFields } from './target-fields';

const EMPTY = {
  period: { start: '', end: '' },
  name: '',
  mimeType: '',
  resourcePath: '',
  target: { family: '', viewId: '', country: '', region: '', city: '' },
} as const;

/** Create Notification (part 2 §2): time period; name, MIME type and content path; target. */
export function NotificationWizard({ onClose }: { onClose: () => void }) {
  const { notify } = useNotice();
  const create = useCreateNotification();

  return (
    <WizardDialog
      title="Create Notification"
      width={DIALOG_WIDTH.default}
      schema={notificationFormSchema}
      defaultValues={EMPTY}
      onClose={onClose}
      actions={[
        {
          label: 'Create',
          onSubmit: async ({ period, ...values }) => {
            const created = await create.mutateAsync({
              ...values,
              beginsOn: dayStartIso(period.start),
              endsOn: dayEndIso(period.end),
              // The units of a saved view, or those of a place.
              targetType: values.target.viewId === null ? 'geographic' : 'view',
            });
            notify(`Notification ${created.name} was created.`);
            onClose();
          },
        },
      ]}
      steps={[
        {
          label: 'Select Time Period',
          fields: ['period'],
          content: <DateRangeFields name="period" labels={{ start: 'Begins On', end: 'Ends On' }} />,
        },
        {
          label: 'Configure',
          fields: ['name', 'mimeType', 'resourcePath'],
          content: (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField name="name" label="Name" required parse={(text) => text.slice(0, 200)} />
              <FormTextField select name="mimeType" label="MIME Type" required>
                {NOTIFICATION_MIME_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField name="resourcePath" label="Content Path" required parse={(text) => text.slice(0, 2048)} />
            </Stack>
          ),
        },
        { label: 'Target', fields: ['target'], content: <TargetFields /> },
      ]}
    />
  );
}
