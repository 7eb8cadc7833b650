import { Fragment, useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';

export interface WizardStep {
  label: string;
  content: ReactNode;
  /** Next is enabled only when the step is complete. */
  complete: boolean;
}

export interface WizardAction {
  label: string;
  onClick: () => void;
  disabled: boolean;
  /** Why the action is off whatever the form holds; shown beside the button. */
  offReason?: string;
}

/** A stepped dialog (part 2 §4): Next and Previous between steps, Cancel, and the save actions. */
export function WizardDialog(props: {
  title: string;
  width: number;
  steps: WizardStep[];
  actions: WizardAction[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const [active, setActive] = useState(0);
  const step = props.steps[active]!;
  const last = active === props.steps.length - 1;
  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: props.width } } }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={active} sx={{ mb: 3 }}>
          {props.steps.map((s) => (
            <Step key={s.label}>
              <StepLabel>{s.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step.content}
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {props.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button disabled={active === 0} onClick={() => setActive(active - 1)}>
          Previous
        </Button>
        {!last && (
          <Button variant="contained" disabled={!step.complete} onClick={() => setActive(active + 1)}>
            Next
          </Button>
        )}
        {last &&
          props.actions.map((action) => (
            <Fragment key={action.label}>
              {action.offReason && (
                <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
                  {action.offReason}
                </Typography>
              )}
              <Button
                variant="contained"
                disabled={action.disabled || Boolean(action.offReason)}
                loading={props.busy}
                onClick={action.onClick}
              >
                {action.label}
              </Button>
            </Fragment>
          ))}
      </DialogActions>
    </Dialog>
  );
}
