import MenuItem from '@mui/material/MenuItem';
import { TICKET_DISPOSITIONS } from '@ed/contract/constants';
import type { Disposition } from '@ed/contract/tickets';
import { FormCheckbox, FormTextField } from '../../../shared/components/form-fields';

/**
 * The wizard's answers as its fields hold them (ticketFormSchema reads them): a Yes/No or
 * disposition left unanswered is '' and is sent as null.
 */
export interface TicketForm {
  originatorName: string;
  originatorEmail: string;
  techOnSite: YesNo;
  disposition: Disposition | '';
  inService: string;
  description: string;
  circumstance: string;
  issueStartedOn: string;
  environment: string;
  exhibitingNow: YesNo;
  reproducible: YesNo;
  attemptedResolution: string;
  componentsReplaced: string;
  other: string;
  escalated: boolean;
}
type YesNo = '' | 'yes' | 'no';

export const EMPTY_TICKET_FORM: TicketForm = {
  originatorName: '',
  originatorEmail: '',
  techOnSite: '',
  disposition: '',
  inService: '',
  description: '',
  circumstance: '',
  issueStartedOn: '',
  environment: '',
  exhibitingNow: '',
  reproducible: '',
  attemptedResolution: '',
  componentsReplaced: '',
  other: '',
  escalated: true,
};

type TextKey =
  | 'originatorName'
  | 'originatorEmail'
  | 'inService'
  | 'description'
  | 'circumstance'
  | 'issueStartedOn'
  | 'environment'
  | 'attemptedResolution'
  | 'componentsReplaced'
  | 'other';

function TextAnswer({ name, label, multiline }: { name: TextKey; label: string; multiline?: boolean }) {
  return (
    <FormTextField
      name={name}
      label={label}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 4000 } }}
    />
  );
}

function YesNoAnswer({ name, label }: { name: 'techOnSite' | 'exhibitingNow' | 'reproducible'; label: string }) {
  return (
    <FormTextField select name={name} label={label} fullWidth>
      <MenuItem value="">
        <em>Not answered</em>
      </MenuItem>
      <MenuItem value="yes">Yes</MenuItem>
      <MenuItem value="no">No</MenuItem>
    </FormTextField>
  );
}

function DispositionAnswer() {
  return (
    <FormTextField select name="disposition" label="Disposition" fullWidth>
      <MenuItem value="">
        <em>Not answered</em>
      </MenuItem>
      {TICKET_DISPOSITIONS.map((d) => (
        <MenuItem key={d} value={d}>
          {d}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** The answers each step holds: Next checks them (ticketFormSchema) before moving on. */
export const STEP_FIELDS: (keyof TicketForm)[][] = [
  ['originatorName', 'originatorEmail', 'techOnSite', 'disposition', 'inService'],
  ['description', 'circumstance', 'issueStartedOn', 'environment', 'exhibitingNow', 'reproducible'],
  ['attemptedResolution', 'componentsReplaced', 'other', 'escalated'],
];

/** One step's answers (WIZARD_STEPS). */
export function StepFields({ step }: { step: number }) {
  if (step === 0) {
    return (
      <>
        <TextAnswer name="originatorName" label="Caller's Name" />
        <TextAnswer name="originatorEmail" label="Caller's Contact Info" />
        <YesNoAnswer name="techOnSite" label="Tech On Site" />
        <DispositionAnswer />
        <TextAnswer name="inService" label="Time In Service" />
      </>
    );
  }
  if (step === 1) {
    return (
      <>
        <TextAnswer name="description" label="Issue Description" multiline />
        <TextAnswer name="circumstance" label="Circumstance" multiline />
        <TextAnswer name="issueStartedOn" label="Issue Started On" />
        <TextAnswer name="environment" label="Environment" multiline />
        <YesNoAnswer name="exhibitingNow" label="Currently Happening" />
        <YesNoAnswer name="reproducible" label="Reproducible" />
      </>
    );
  }
  return (
    <>
      <TextAnswer name="attemptedResolution" label="Steps Attempted" multiline />
      <TextAnswer name="componentsReplaced" label="Components Replaced" multiline />
      <TextAnswer name="other" label="Other" multiline />
      <FormCheckbox name="escalated" label="Escalate to engineering" />
    </>
  );
}
