import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TICKET_DISPOSITIONS } from '@ed/contract/constants';
import type { Disposition } from '@ed/contract/tickets';

/** The wizard's answers; a Yes/No or disposition left unanswered is '' and is sent as null. */
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
export type YesNo = '' | 'yes' | 'no';

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

export const yesNoValue = (v: YesNo): boolean | null => (v === '' ? null : v === 'yes');

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

export type FormChange = <K extends keyof TicketForm>(name: K, value: TicketForm[K]) => void;

interface FieldProps<K extends keyof TicketForm> {
  form: TicketForm;
  name: K;
  label: string;
  onChange: FormChange;
}

export function TextAnswer({ form, name, label, onChange, multiline }: FieldProps<TextKey> & { multiline?: boolean }) {
  return (
    <TextField
      label={label}
      value={form[name]}
      onChange={(e) => onChange(name, e.target.value)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 4000 } }}
    />
  );
}

export function YesNoAnswer({
  form,
  name,
  label,
  onChange,
}: FieldProps<'techOnSite' | 'exhibitingNow' | 'reproducible'>) {
  return (
    <TextField
      select
      label={label}
      value={form[name]}
      onChange={(e) => onChange(name, e.target.value as YesNo)}
      fullWidth
    >
      <MenuItem value="">
        <em>Not answered</em>
      </MenuItem>
      <MenuItem value="yes">Yes</MenuItem>
      <MenuItem value="no">No</MenuItem>
    </TextField>
  );
}

export function DispositionAnswer({ form, onChange }: Omit<FieldProps<'disposition'>, 'name' | 'label'>) {
  return (
    <TextField
      select
      label="Disposition"
      value={form.disposition}
      onChange={(e) => onChange('disposition', e.target.value as Disposition | '')}
      fullWidth
    >
      <MenuItem value="">
        <em>Not answered</em>
      </MenuItem>
      {TICKET_DISPOSITIONS.map((d) => (
        <MenuItem key={d} value={d}>
          {d}
        </MenuItem>
      ))}
    </TextField>
  );
}
