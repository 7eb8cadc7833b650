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
import type { DefaultValues, Path } from 'react-hook-form';
import { fieldsValid } from './form-context';
import { FormScope } from './form-dialog';
import { useDiscardGuard } from './use-discard-guard';
import {
  useSubmission,
  useZodForm,
  type ErrorText,
  type FormInput,
  type FormOutput,
  type FormSchema,
} from './use-zod-form';

export interface WizardStep {
  label: string;
  /** The form's fields this step fills: Next is enabled only when the schema accepts them. */
  fields: readonly string[];
  content: ReactNode;
}

export interface WizardAction<Values> {
  label: string;
  /** Sends the parsed values; enabled once the whole form is valid. */
  onSubmit: (values: Values) => Promise<unknown>;
  /** Why the action is off whatever the form holds; shown beside the button. */
  offReason?: string;
  /** Off for a reason the step itself shows (a plan's problem, an answer still loading). */
  disabled?: boolean;
}

/**
 * A stepped dialog (part 2 §4) over one form (react-hook-form with the contract's zod schema): Next
 * and Previous between steps, Cancel, and the save actions on the last step.
 */
export function WizardDialog<S extends FormSchema>(props: {
  title: string;
  width: number;
  schema: S;
  defaultValues: DefaultValues<FormInput<S>>;
  steps: WizardStep[];
  actions: WizardAction<FormOutput<S>>[];
  onClose: () => void;
  errorText?: ErrorText;
}) {
  const titleId = useId();
  const form = useZodForm(props.schema, props.defaultValues);
  const { formState, handleSubmit, trigger } = form.methods;
  const { failure, run } = useSubmission(props.errorText);
  const [active, setActive] = useState(0);
  const step = props.steps[active]!;
  const last = active === props.steps.length - 1;
  const next = async () => {
    if (await trigger(step.fields as Path<FormInput<S>>[])) setActive(active + 1);
  };
  const guard = useDiscardGuard(formState.isDirty, props.onClose, `the ${props.title.toLowerCase()}`);
  return (
    <Dialog
      open
      onClose={guard.requestClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: props.width } } }}
    >
      {guard.prompt}
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={active} sx={{ mb: 3 }}>
          {props.steps.map((s) => (
            <Step key={s.label}>
              <StepLabel>{s.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <FormScope form={form}>{step.content}</FormScope>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button disabled={active === 0} onClick={() => setActive(active - 1)}>
          Previous
        </Button>
        {!last && (
          <Button variant="contained" disabled={!fieldsValid(form.issues, step.fields)} onClick={() => void next()}>
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
                disabled={form.issues.size > 0 || Boolean(action.offReason) || action.disabled === true}
                loading={formState.isSubmitting}
                onClick={() => void handleSubmit((values) => run(() => action.onSubmit(values)))()}
              >
                {action.label}
              </Button>
            </Fragment>
          ))}
      </DialogActions>
    </Dialog>
  );
}
