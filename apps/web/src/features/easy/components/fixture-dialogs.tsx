import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';
import { ezMessages, INCLUDED_PACKAGE, type Fixture } from '@ed/contract/easy';
import { ApiError } from '../../../shared/api/http';
import { createFixture, deleteFixture, easyKeys, resetFixture, updateSubscription } from '../api/easy';
import { ConfirmDialog } from './confirm-dialog';
import { expiryDay } from './expiry-date';
import { useEasyAction, withReason } from './use-easy-action';
import { PackageSelect } from './package-select';

export type FixtureDialogKind = 'subscription' | 'reset' | 'delete';

/** Create New Fixture: the call is made only with a serial number (part 2 §5). */
export function CreateFixtureDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [serialNumber, setSerialNumber] = useState('');
  const create = useEasyAction({
    call: createFixture,
    success: (answer) => answer.message,
    failure: (error) => withReason(ezMessages.fixtureCreateFailed, error),
    reload: easyKeys.fixtures,
    onDone: onClose,
  });
  const serial = serialNumber.trim();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (serial) create.mutate(serial);
        }}
      >
        <DialogTitle id={titleId}>Create New Fixture</DialogTitle>
        <DialogContent>
          <TextField
            label="Serial Number"
            value={serialNumber}
            onChange={(event) => setSerialNumber(event.target.value)}
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 32 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!serial} loading={create.isPending}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const DATE_INPUT = 'YYYY-MM-DD';

/** Modify Subscription: the package, and the expiry unless the package is Included. */
function SubscriptionDialog({ fixture, onClose }: { fixture: Fixture; onClose: () => void }) {
  const titleId = useId();
  const [pkg, setPkg] = useState(fixture.subscriptionPackage);
  // With no expiry yet ('N/A'), a year from today is offered (part 2 §5).
  const [expires, setExpires] = useState(
    fixture.subscriptionExpires ? expiryDay(fixture.subscriptionExpires) : dayjs().add(1, 'year').format(DATE_INPUT),
  );
  const { serialNumber } = fixture;
  const save = useEasyAction({
    call: updateSubscription,
    success: () => ezMessages.subscriptionUpdated(serialNumber),
    failure: (error) =>
      error instanceof ApiError && error.status === 404
        ? ezMessages.fixtureMissing(serialNumber)
        : withReason(ezMessages.subscriptionFailed, error),
    reload: easyKeys.fixtures,
    onDone: onClose,
  });
  const included = pkg === INCLUDED_PACKAGE;
  const date = dayjs(expires);
  const valid = included || (date.isValid() && !date.isBefore(dayjs(), 'day'));
  const submit = () => {
    if (!valid) return;
    const when = included ? {} : { month: date.month() + 1, day: date.date(), year: date.year() };
    save.mutate({ serialNumber, package: pkg, ...when });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Modify Subscription</DialogTitle>
      <DialogContent>
        <PackageSelect value={pkg} onChange={setPkg} />
        {!included && (
          <TextField
            type="date"
            label="Subscription Expiration"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
            fullWidth
            margin="dense"
            error={!valid}
            helperText={valid ? ' ' : 'Choose a date from today on.'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayjs().format(DATE_INPUT) } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid} loading={save.isPending} onClick={submit}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ResetFixtureDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const reset = useEasyAction({
    call: resetFixture,
    success: (outcome) =>
      outcome === 'none' ? ezMessages.fixtureNoActivations(serialNumber) : ezMessages.fixtureReset(serialNumber),
    failure: (error) => withReason(ezMessages.fixtureResetFailed, error),
    reload: easyKeys.fixtures,
    onDone: onClose,
  });
  return (
    <ConfirmDialog
      title="Reset Fixture Activations"
      text={`Reset fixture activations to 0 for serial number ${serialNumber}?`}
      busy={reset.isPending}
      onConfirm={() => reset.mutate(serialNumber)}
      onClose={onClose}
    />
  );
}

function DeleteFixtureDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const remove = useEasyAction({
    call: deleteFixture,
    success: (answer) => answer.message,
    failure: (error) => withReason(`EZ ADAS fixture ${serialNumber} could not be deleted`, error),
    reload: easyKeys.fixtures,
    onDone: onClose,
  });
  return (
    <ConfirmDialog
      title="Delete Serial Number"
      text={`Are you sure you want to delete ${serialNumber}?`}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(serialNumber)}
      onClose={onClose}
    />
  );
}

export function FixtureDialog({
  kind,
  fixture,
  onClose,
}: {
  kind: FixtureDialogKind;
  fixture: Fixture;
  onClose: () => void;
}) {
  if (kind === 'subscription') return <SubscriptionDialog fixture={fixture} onClose={onClose} />;
  if (kind === 'reset') return <ResetFixtureDialog serialNumber={fixture.serialNumber} onClose={onClose} />;
  return <DeleteFixtureDialog serialNumber={fixture.serialNumber} onClose={onClose} />;
}
