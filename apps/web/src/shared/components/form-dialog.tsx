import { useEffect, useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormProvider, type DefaultValues } from 'react-hook-form';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { FormIssuesContext } from './form-context';
import {
  useSubmission,
  useZodForm,
  type ErrorText,
  type FormInput,
  type FormOutput,
  type FormSchema,
  type ZodForm,
} from './use-zod-form';

/** Gives the fields inside (FormTextField…) their form and the schema's problems. */
export function FormScope<S extends FormSchema>({ form, children }: { form: ZodForm<S>; children: ReactNode }) {
  return (
    <FormProvider {...form.methods}>
      <FormIssuesContext.Provider value={form.issues}>{children}</FormIssuesContext.Provider>
    </FormProvider>
  );
}

export interface FormDialogProps<S extends FormSchema> {
  /** Open unless told otherwise: most dialogs are rendered only while open. */
  open?: boolean;
  title: string;
  /** The paper's width in pixels, or MUI's xs and sm; DIALOG_WIDTH.default unless told. */
  width?: number | 'xs' | 'sm';
  /** The contract's form schema: it decides what is valid, and parses what is sent. */
  schema: S;
  defaultValues: DefaultValues<FormInput<S>>;
  submitLabel: string;
  /** Sends the parsed values; the dialog stays open and shows the failure if the promise rejects. */
  onSubmit: (values: FormOutput<S>) => Promise<unknown>;
  onClose: () => void;
  /** False for a dialog that must be completed: no Cancel, and Escape or a click outside do nothing. */
  cancellable?: boolean;
  /** An edit: submit also waits for a change from the default values. */
  requireChange?: boolean;
  errorText?: ErrorText;
  /** The fields (FormTextField, FormSwitch…) and whatever the dialog says beside them. */
  children: ReactNode;
}

/**
 * A dialog with one form (react-hook-form with the contract's zod schema): Cancel, and the submit
 * button, enabled while the schema accepts the values and busy while the call runs. Enter submits.
 */
export function FormDialog<S extends FormSchema>({
  open = true,
  width = DIALOG_WIDTH.default,
  cancellable = true,
  ...props
}: FormDialogProps<S>) {
  const titleId = useId();
  const pixels = typeof width === 'number';
  return (
    <Dialog
      open={open}
      onClose={cancellable ? props.onClose : undefined}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={pixels ? false : width}
      slotProps={pixels ? { paper: { sx: { maxWidth: width } } } : undefined}
    >
      {/* The form lives inside the dialog, so that it starts from its defaults each time the dialog opens. */}
      <FormDialogForm {...props} titleId={titleId} cancellable={cancellable} />
    </Dialog>
  );
}

function FormDialogForm<S extends FormSchema>(
  props: Omit<FormDialogProps<S>, 'open' | 'width'> & { titleId: string; cancellable: boolean },
) {
  const form = useZodForm(props.schema, props.defaultValues);
  const { formState, handleSubmit } = form.methods;
  const { failure, run, clear } = useSubmission(props.errorText);
  // A failure is about what was sent: once the user changes an answer it is old news.
  useEffect(() => {
    const subscription = form.methods.watch(() => clear());
    return () => subscription.unsubscribe();
  }, [form.methods, clear]);
  const ready = form.issues.size === 0 && (!props.requireChange || formState.isDirty);
  return (
    <FormScope form={form}>
      <form noValidate onSubmit={(event) => void handleSubmit((values) => run(() => props.onSubmit(values)))(event)}>
        <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
        <DialogContent>
          {props.children}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {props.cancellable && <Button onClick={props.onClose}>Cancel</Button>}
          <Button type="submit" variant="contained" disabled={!ready} loading={formState.isSubmitting}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </FormScope>
  );
}
