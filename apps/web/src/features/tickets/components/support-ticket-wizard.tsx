import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import type { Equipment } from '@ed/contract/equipment';
import { modelText } from '@ed/contract/serial-number';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { useNotice } from '../../../shared/components/notice-context';
import { useEquipment } from '../../../shared/equipment/api/equipment';
import { useCreateTicket } from '../api/tickets';
import {
  DispositionAnswer,
  EMPTY_TICKET_FORM,
  TextAnswer,
  YesNoAnswer,
  yesNoValue,
  type FormChange,
  type TicketForm,
} from './ticket-form-fields';

export const WIZARD_STEPS = ['Equipment Information', 'Problem Description', 'Attempted Resolution'] as const;

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

function StepFields({ step, form, onChange }: { step: number; form: TicketForm; onChange: FormChange }) {
  const p = { form, onChange };
  if (step === 0) {
    return (
      <>
        <TextAnswer {...p} name="originatorName" label="Caller's Name" />
        <TextAnswer {...p} name="originatorEmail" label="Caller's Contact Info" />
        <YesNoAnswer {...p} name="techOnSite" label="Tech On Site" />
        <DispositionAnswer {...p} />
        <TextAnswer {...p} name="inService" label="Time In Service" />
      </>
    );
  }
  if (step === 1) {
    return (
      <>
        <TextAnswer {...p} name="description" label="Issue Description" multiline />
        <TextAnswer {...p} name="circumstance" label="Circumstance" multiline />
        <TextAnswer {...p} name="issueStartedOn" label="Issue Started On" />
        <TextAnswer {...p} name="environment" label="Environment" multiline />
        <YesNoAnswer {...p} name="exhibitingNow" label="Currently Happening" />
        <YesNoAnswer {...p} name="reproducible" label="Reproducible" />
      </>
    );
  }
  return (
    <>
      <TextAnswer {...p} name="attemptedResolution" label="Steps Attempted" multiline />
      <TextAnswer {...p} name="componentsReplaced" label="Components Replaced" multiline />
      <TextAnswer {...p} name="other" label="Other" multiline />
      <FormControlLabel
        control={<Checkbox checked={form.escalated} onChange={(e) => onChange('escalated', e.target.checked)} />}
        label="Escalate to engineering"
      />
    </>
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
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<TicketForm>(EMPTY_TICKET_FORM);
  const onChange: FormChange = (name, value) => setForm((f) => ({ ...f, [name]: value }));
  const reset = () => {
    setForm(EMPTY_TICKET_FORM);
    setStep(0);
    create.reset();
  };

  const save = () => {
    if (!session || !unit.data) return;
    const u = unit.data;
    create.mutate(
      {
        ...form,
        techOnSite: yesNoValue(form.techOnSite),
        exhibitingNow: yesNoValue(form.exhibitingNow),
        reproducible: yesNoValue(form.reproducible),
        disposition: form.disposition || null,
        issuerUsername: session.user.username,
        issuerEmail: session.user.email,
        serialNumber: u.serialNumber,
        version: u.version,
        specs: u.specs?.name ?? 'unknown',
        connected: u.connected,
        family: u.family,
        model: modelText(u.serialNumber),
      },
      {
        onSuccess: (ticket) => {
          notify(`Ticket ${ticket.id} for ${ticket.serialNumber} created.`);
          reset();
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
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
          <Stack spacing={2} component="form" aria-label={WIZARD_STEPS[step]} onSubmit={(e) => e.preventDefault()}>
            <Typography variant="h6" component="h3">
              {WIZARD_STEPS[step]}
            </Typography>
            {step === 0 && <UnitFacts unit={unit.data} />}
            <StepFields step={step} form={form} onChange={onChange} />
          </Stack>
        )}
        {create.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {`The ticket was not created: ${errorMessage(create.error)}`}
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
          <Button variant="contained" onClick={() => setStep((s) => s + 1)}>
            Next
          </Button>
        ) : (
          <Button variant="contained" loading={create.isPending} disabled={!unit.data} onClick={save}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
