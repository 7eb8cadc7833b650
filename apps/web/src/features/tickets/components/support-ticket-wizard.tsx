import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import type { Equipment } from '@ed/contract/equipment';
import { modelText } from '@ed/contract/serial-number';
import { ticketFormSchema } from '@ed/contract/tickets';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { fieldsValid } from '../../../shared/components/form-context';
import { FormScope } from '../../../shared/components/form-dialog';
import { useNotice } from '../../../shared/components/notice-context';
import { useSubmission, useZodForm } from '../../../shared/components/use-zod-form';
import { useDiscardGuard } from '../../../shared/components/use-discard-guard';
import { useEquipment } from '../../../shared/equipment/api/equipment';
import { useCreateTicket } from '../api/tickets';
import { EMPTY_TICKET_FORM, STEP_FIELDS, StepFields } from './ticket-form-fields';

const WIZARD_STEPS = ['Equipment Information', 'Problem Description', 'Attempted Resolution'] as const;

function UnitFacts({ unit }: { unit: Equipment }) {
  const facts: [string, string][] = [
    ['Serial Number', unit.serialNumber],
    ['Model', modelText(unit.serialNumber)],
    ['Family', unit.family],
    ['Software Version', unit.version?.semantic ?? 'unknown'],
    ['Specs', unit.specs?.name ?? 'unknown'],
    ['Connected', unit.connected ? 'YES' : 'NO'],
  ];
  return (
    <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }} aria-label="Equipment information">
      {facts.map(([label, value]) => (
        <div key={label}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography>{value}</Typography>
        </div>
      ))}
    </Stack>
  );
}

/**
 * The Support Ticket wizard (part 1 §4): three steps, no required answer (§5); Save on step 3.
 * On success the form resets to step 1 and the dialog closes; the unit's badge is read again.
 */
export function SupportTicketWizard({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const titleId = useId();
  const session = useSession();
  const { notify } = useNotice();
  const unit = useEquipment(serialNumber);
  const create = useCreateTicket();
  const form = useZodForm(ticketFormSchema, EMPTY_TICKET_FORM);
  const { handleSubmit, reset: resetForm, trigger } = form.methods;
  const { failure, run } = useSubmission((error) => `The ticket was not created: ${errorMessage(error)}`);
  const [step, setStep] = useState(0);
  const reset = () => {
    resetForm();
    setStep(0);
  };
  const next = async () => {
    if (await trigger(STEP_FIELDS[step])) setStep((s) => s + 1);
  };
  const guard = useDiscardGuard(form.methods.formState.isDirty, onClose, 'the ticket');

  const save = handleSubmit((answers) =>
    run(async () => {
      if (!session || !unit.data) return;
      const u = unit.data;
      const ticket = await create.mutateAsync({
        ...answers,
        issuerUsername: session.user.username,
        issuerEmail: session.user.email,
        serialNumber: u.serialNumber,
        version: u.version,
        specs: u.specs?.name ?? 'unknown',
        connected: u.connected,
        family: u.family,
        model: modelText(u.serialNumber),
      });
      notify(`Ticket ${ticket.id} for ${ticket.serialNumber} created.`);
      reset();
      onClose();
    }),
  );

  return (
    <Dialog
      open
      onClose={guard.requestClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      {guard.prompt}
      <DialogTitle id={titleId}>{`Support Ticket for ${serialNumber}`}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {WIZARD_STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {unit.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : !unit.data ? (
          <Alert severity="error">{errorMessage(unit.error)}</Alert>
        ) : (
          <FormScope form={form}>
            {/* Enter in an answer does not save: the ticket is saved from the last step only. */}
            <Stack spacing={2} component="form" aria-label={WIZARD_STEPS[step]} onSubmit={(e) => e.preventDefault()}>
              <Typography variant="h6" component="h3">
                {WIZARD_STEPS[step]}
              </Typography>
              {step === 0 && <UnitFacts unit={unit.data} />}
              <StepFields step={step} />
            </Stack>
          </FormScope>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            reset();
            onClose();
          }}
        >
          Cancel
        </Button>
        <Button disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
          Previous
        </Button>
        {step < WIZARD_STEPS.length - 1 ? (
          <Button
            variant="contained"
            disabled={!fieldsValid(form.issues, STEP_FIELDS[step]!)}
            onClick={() => void next()}
          >
            Next
          </Button>
        ) : (
          <Button
            variant="contained"
            loading={form.methods.formState.isSubmitting}
            disabled={!unit.data || form.issues.size > 0}
            onClick={() => void save()}
          >
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
