import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { MESSAGE_SOFTWARE_VERSION, type Disposition, type Message } from '@ed/contract/messages';
import type { SessionUser } from '@ed/contract/roles';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { DateRangeFields, isValidRange, type DateRange } from '../../../shared/components/date-range-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { WizardDialog, type WizardAction } from '../../../shared/components/wizard-dialog';
import { dayEndIso, dayStartIso, inputDay } from '../../../shared/lib/dates';
import { useCreateMessage, useMarkets, useUpdateMessage } from '../api/messages';
import { isCompleteText, MessageTextFields, type MessageText } from './message-text-fields';
import { SerialUpload } from './serial-upload';

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
  message.issuerUsername === user.username && user.role !== 'admin'
    ? 'You wrote this message: someone else must approve it.'
    : undefined;

/** Create New Message and the edit dialogs (width 1000): time period; text; market and serial numbers. */
export function MessageWizard({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { notify } = useNotice();
  const session = useSession();
  const create = useCreateMessage();
  const update = useUpdateMessage();
  const markets = useMarkets();
  const [period, setPeriod] = useState<DateRange>(
    message
      ? { start: inputDay(message.schedule.startDate), end: inputDay(message.schedule.endDate) }
      : { start: '', end: '' },
  );
  const [text, setText] = useState<MessageText>({
    header: message?.header ?? '',
    body: message?.body ?? '',
    callToAction: message?.callToAction ?? '',
  });
  const [market, setMarket] = useState(message?.targets.market ?? '');
  const [serialNumbers, setSerialNumbers] = useState<string[]>(message?.targets.serialNumbers ?? []);
  const ready = isValidRange(period) && isCompleteText(text) && market !== '';

  // Built on save only: until both days are chosen there is no date to convert.
  const content = () => ({
    schedule: { startDate: dayStartIso(period.start), endDate: dayEndIso(period.end) },
    header: text.header.trim(),
    body: text.body.trim(),
    callToAction: text.callToAction.trim(),
  });
  const done = (to: string) => (saved: Message) => {
    notify(`Message ${saved.id} was ${DONE_TEXT[to] ?? 'saved'}.`);
    onClose();
  };
  const actions: WizardAction[] = message
    ? (EDIT_ACTIONS[message.disposition] ?? []).map(({ label, to }) => ({
        label,
        disabled: !ready,
        offReason: to === 'upcoming' && session ? ownApprovalReason(message, session.user) : undefined,
        onClick: () =>
          update.mutate(
            {
              id: message.id,
              payload: {
                ...content(),
                targets: { market, softwareVersion: MESSAGE_SOFTWARE_VERSION },
                issuerUsername: message.issuerUsername,
                issuerEmail: message.issuerEmail,
                disposition: to,
              },
            },
            { onSuccess: done(to) },
          ),
      }))
    : [
        {
          label: 'Save',
          disabled: !ready,
          onClick: () =>
            create.mutate(
              {
                ...content(),
                targets: { market, softwareVersion: MESSAGE_SOFTWARE_VERSION, serialNumbers },
                disposition: 'draft',
              },
              { onSuccess: done('draft') },
            ),
        },
      ];
  const error = create.error ?? update.error;

  return (
    <WizardDialog
      title={message ? `Edit Message ${message.id}` : 'Create New Message'}
      width={DIALOG_WIDTH.message}
      busy={create.isPending || update.isPending}
      error={error ? errorMessage(error) : null}
      onClose={onClose}
      actions={actions}
      steps={[
        {
          label: 'Select Time Period',
          complete: isValidRange(period),
          content: <DateRangeFields value={period} onChange={setPeriod} />,
        },
        {
          label: 'Configure Notification',
          complete: isCompleteText(text),
          content: <MessageTextFields value={text} onChange={setText} />,
        },
        {
          label: 'Target Notification',
          complete: market !== '',
          content: (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                select
                required
                label="Market"
                value={market}
                onChange={(e) => setMarket(e.target.value)}
                error={market === ''}
                helperText={market === '' ? 'Required' : ' '}
              >
                {message && !markets.data?.some((m) => m.countryCode === market) && market !== '' && (
                  <MenuItem value={market}>{market}</MenuItem>
                )}
                {(markets.data ?? []).map((m) => (
                  <MenuItem key={m.countryCode} value={m.countryCode}>
                    {`${m.countryName} (${m.countryCode})`}
                  </MenuItem>
                ))}
              </TextField>
              {!message && <SerialUpload serialNumbers={serialNumbers} onChange={setSerialNumbers} />}
            </Stack>
          ),
        },
      ]}
    />
  );
}
