import dayjs from 'dayjs';
import { useWatch } from 'react-hook-form';
import {
  ezMessages,
  fixtureRequestSchema,
  INCLUDED_PACKAGE,
  subscriptionFormSchema,
  type Fixture,
} from '@ed/contract/easy';
import { ApiError } from '../../../shared/api/http';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { TOLD_BY_NOTICE } from '../../../shared/components/use-zod-form';
import { createFixture, deleteFixture, easyKeys, resetFixture, updateSubscription } from '../api/easy';
import { ConfirmDialog } from './confirm-dialog';
import { expiryDay } from './expiry-date';
import { useEasyAction, withReason } from './use-easy-action';
import { PackageSelect } from './package-select';

export type FixtureDialogKind = 'subscription' | 'reset' | 'delete';

/** Create New Fixture: the call is made only with a serial number (part 2 §5, fixtureRequestSchema). */
export function CreateFixtureDialog({ onClose }: { onClose: () => void }) {
  const create = useEasyAction({
    call: createFixture,
    success: (answer) => answer.message,
    failure: (error) => withReason(ezMessages.fixtureCreateFailed, error),
    reload: easyKeys.fixtures,
    onDone: onClose,
  });
  return (
    <FormDialog
      title="Create New Fixture"
      width="sm"
      schema={fixtureRequestSchema}
      defaultValues={{ serialNumber: '' }}
      submitLabel="Create"
      onSubmit={({ serialNumber }) => create.mutateAsync(serialNumber)}
      errorText={TOLD_BY_NOTICE}
      onClose={onClose}
    >
      <FormTextField
        name="serialNumber"
        label="Serial Number"
        autoFocus
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 32 } }}
      />
    </FormDialog>
  );
}

const DATE_INPUT = 'YYYY-MM-DD';

/** The expiry, for any package but Included; a day before today is refused at once. */
function ExpiryField() {
  const included = useWatch({ name: 'package' }) === INCLUDED_PACKAGE;
  if (included) return null;
  return (
    <FormTextField
      type="date"
      name="expires"
      label="Subscription Expiration"
      live
      helperText=" "
      fullWidth
      margin="dense"
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayjs().format(DATE_INPUT) } }}
    />
  );
}

/** Modify Subscription: the package, and the expiry unless the package is Included (subscriptionFormSchema). */
function SubscriptionDialog({ fixture, onClose }: { fixture: Fixture; onClose: () => void }) {
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
  // With no expiry yet ('N/A'), a year from today is offered (part 2 §5).
  const expires = fixture.subscriptionExpires
    ? expiryDay(fixture.subscriptionExpires)
    : dayjs().add(1, 'year').format(DATE_INPUT);
  return (
    <FormDialog
      title="Modify Subscription"
      width="sm"
      schema={subscriptionFormSchema}
      defaultValues={{ package: fixture.subscriptionPackage, expires }}
      submitLabel="Save"
      onSubmit={(values) => save.mutateAsync({ serialNumber, ...values })}
      errorText={TOLD_BY_NOTICE}
      onClose={onClose}
    >
      <PackageSelect name="package" />
      <ExpiryField />
    </FormDialog>
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
