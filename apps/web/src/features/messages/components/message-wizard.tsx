import { hasPermission } from '@ed/contract/permissions';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { MESSAGE_SOFTWARE_VERSION, messageFormSchema, type Disposition, type Message } from '@ed/contract/messages';
import type { SessionUser } from '@ed/contract/roles';
import { useSession } from '../../../shared/auth/use-session';
import { DateRangeFields } from '../../../shared/components/date-range-fields';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { WizardDialog, type WizardAction } from '../../../shared/components/wizard-dialog';
import { SavedViewField } from '../../../shared/equipment/components/saved-view-field';
import { dayEndIso, dayStartIso, inputDay } from '../../../shared/lib/dates';
import { useCreateMessage, useMarkets, useUpdateMessage } from '../api/messages';
import { MessageTextFields } from './message-text-fields';
import { SerialUpload } from './serial-upload';

type MessageForm = z.output<typeof messageFormSchema>;

/** What each save button moves the message to, by where it is now (part 2 §4). */
const EDIT_ACTIONS: Partial<Record<Disposition, { label: string; to: Disposition }[]>> = {
  draft: [
    { label: 'Save', to: 'draft' },
    { label: 'Save and Submit', to: 'pending approval' },
  ],
  'pending approval': [{ label: 'Save and Approve', to: 'upcoming' }],
};

const DONE_TEXT: Record<string, string> = {
  draft: 'saved as a draft',
  'pending approval': 'submitted for approval',
  upcoming: 'approved',
};

/** Four eyes: the author does not approve their own message, unless an admin overrides (audited). */
const ownApprovalReason = (message: Message, user: SessionUser) =>
  message.issuerUsername === user.username && !hasPermission(user.role, 'messages.approveOwn')
    ? 'You wrote this message: someone else must approve it.'
    : undefined;

const defaultsOf = (message: Message | null) => ({
  period: message
    ? { start: inputDay(message.schedule.startDate), end: inputDay(message.schedule.endDate) }
    : { start: '', end: '' },
  header: message?.header ?? '',
  body: message?.body ?? '',
  callToAction: message?.callToAction ?? '',
  market: message?.targets.market ?? '',
  serialNumbers: message?.targets.serialNumbers ?? [],
  viewId: message?.targets.viewId ?? ('' as const),
});

/** The message's texts and schedule, the days as the start and end of those UTC days. */
const contentOf = ({ period, header, body, callToAction }: MessageForm) => ({
  schedule: { startDate: dayStartIso(period.start), endDate: dayEndIso(period.end) },
  header,
  body,
  callToAction,
});

/** The view an edited message targets, kept as an option when it is not among the caller's views. */
const viewOf = ({ targets }: Message) =>
  targets.viewId === null ? null : { id: targets.viewId, name: targets.viewName ?? `View ${targets.viewId}` };

/**
 * Step 3: the market ('Required' from the start), optionally a saved view whose units get it in
 * place of the market's (the market is then optional, as the server takes it), and on Create the
 * serial numbers (a list or a view, not both).
 */
function TargetStep({ message }: { message: Message | null }) {
  const markets = useMarkets();
  const [market, viewId] = useWatch({ name: ['market', 'viewId'] }) as [string, '' | number];
  const byView = typeof viewId === 'number';
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField
        select
        required={!byView}
        live
        name="market"
        label="Market"
        helperText={byView ? 'Optional: the saved view is the target' : ' '}
      >
        {byView && (
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
        )}
        {message && !markets.data?.some((m) => m.countryCode === market) && market !== '' && (
          <MenuItem value={market}>{market}</MenuItem>
        )}
        {(markets.data ?? []).map((m) => (
          <MenuItem key={m.countryCode} value={m.countryCode}>
            {`${m.countryName} (${m.countryCode})`}
          </MenuItem>
        ))}
      </FormTextField>
      <SavedViewField
        name="viewId"
        helperText="Optional: its units instead of the market's"
        known={message && viewOf(message)}
      />
      {!message && <SerialUpload name="serialNumbers" />}
    </Stack>
  );
}

/** Create New Message and the edit dialogs (width 1000): time period; text; market and serial numbers. */
export function MessageWizard({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { notify } = useNotice();
  const session = useSession();
  const create = useCreateMessage();
  const update = useUpdateMessage();

  const done = (to: string, saved: Message) => {
    notify(`Message ${saved.id} was ${DONE_TEXT[to] ?? 'saved'}.`);
    onClose();
  };
  const actions: WizardAction<MessageForm>[] = message
    ? (EDIT_ACTIONS[message.disposition] ?? []).map(({ label, to }) => ({
        label,
        offReason: to === 'upcoming' && session ? ownApprovalReason(message, session.user) : undefined,
        onSubmit: async (values) => {
          const saved = await update.mutateAsync({
            id: message.id,
            payload: {
              ...contentOf(values),
              // No serialNumbers: the edit keeps the list; a null viewId clears the view.
              targets: { market: values.market, softwareVersion: MESSAGE_SOFTWARE_VERSION, viewId: values.viewId },
              issuerUsername: message.issuerUsername,
              issuerEmail: message.issuerEmail,
              disposition: to,
            },
          });
          done(to, saved);
        },
      }))
    : [
        {
          label: 'Save',
          onSubmit: async (values) => {
            const saved = await create.mutateAsync({
              ...contentOf(values),
              targets: {
                market: values.market,
                softwareVersion: MESSAGE_SOFTWARE_VERSION,
                serialNumbers: values.serialNumbers,
                viewId: values.viewId,
              },
              disposition: 'draft',
            });
            done('draft', saved);
          },
        },
      ];

  return (
    <WizardDialog
      title={message ? `Edit Message ${message.id}` : 'Create New Message'}
      width={DIALOG_WIDTH.message}
      schema={messageFormSchema}
      defaultValues={defaultsOf(message)}
      onClose={onClose}
      actions={actions}
      steps={[
        { label: 'Select Time Period', fields: ['period'], content: <DateRangeFields name="period" /> },
        {
          label: 'Configure Notification',
          fields: ['header', 'body', 'callToAction'],
          content: <MessageTextFields />,
        },
        { label: 'Target Notification', fields: ['market', 'viewId'], content: <TargetStep message={message} /> },
      ]}
    />
  );
}
