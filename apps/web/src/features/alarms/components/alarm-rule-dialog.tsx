import { useFormContext, useController, useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ALARM_RULE_KIND_LABELS,
  ALARM_RULE_KINDS,
  ALARM_SEVERITIES,
  ALARM_SEVERITY_LABELS,
  createAlarmRuleSchema,
  type AlarmCondition,
  type AlarmRule,
  type AlarmRuleKind,
} from '@ed/contract/alarms';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormSwitch, FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useSaveAlarmRule, type RuleInput } from '../api/alarms';

/** What a condition starts from when its kind is chosen. */
const STARTING_CONDITIONS = (username: string): Record<AlarmRuleKind, AlarmCondition> => ({
  offline: { kind: 'offline', hours: 24 },
  install: { kind: 'install', hungMinutes: 60 },
  voltage: { kind: 'voltage' },
  specsExpiring: { kind: 'specsExpiring', days: 30 },
  favorites: { kind: 'favorites', username },
});

const toNumber = (text: string) => (text === '' ? '' : Number(text));

/** The condition's own field, which changes with its kind. */
function ConditionFields({ username }: { username: string }) {
  const { setValue } = useFormContext();
  const kind = useWatch({ name: 'condition.kind' }) as AlarmRuleKind;
  return (
    <>
      <FormTextField
        select
        name="condition.kind"
        label="Condition"
        required
        onChange={(e) =>
          setValue('condition', STARTING_CONDITIONS(username)[e.target.value as AlarmRuleKind], {
            shouldValidate: true,
            shouldDirty: true,
          })
        }
      >
        {ALARM_RULE_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {ALARM_RULE_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </FormTextField>
      {kind === 'offline' && (
        <FormTextField name="condition.hours" label="Hours offline" type="number" parse={toNumber} required />
      )}
      {kind === 'install' && (
        <FormTextField
          name="condition.hungMinutes"
          label="Minutes installing before it counts as hung"
          type="number"
          parse={toNumber}
          required
        />
      )}
      {kind === 'specsExpiring' && (
        <FormTextField
          name="condition.days"
          label="Days before the specs expire"
          type="number"
          parse={toNumber}
          required
        />
      )}
      {kind === 'favorites' && <FormTextField name="condition.username" label="Whose favorites (username)" required />}
    </>
  );
}

/** Who is mailed: usernames, typed and confirmed with Enter. */
function SubscribersField() {
  const { field } = useController({ name: 'subscribers' });
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={(field.value as string[] | undefined) ?? []}
      onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
      renderInput={(params) => (
        <TextField {...params} label="Mail to (usernames)" helperText="Type a username and press Enter." />
      )}
    />
  );
}

/** New Alarm Rule, or Edit Alarm Rule for `rule`; the creator is subscribed to a new rule. */
export function AlarmRuleDialog({
  rule,
  username,
  onClose,
}: {
  rule?: AlarmRule;
  username: string;
  onClose: () => void;
}) {
  const save = useSaveAlarmRule();
  const { notify } = useNotice();
  const defaults: RuleInput = rule
    ? {
        name: rule.name,
        severity: rule.severity,
        enabled: rule.enabled,
        condition: rule.condition,
        subscribers: rule.subscribers,
      }
    : {
        name: '',
        severity: 'major',
        enabled: true,
        condition: STARTING_CONDITIONS(username).offline,
        subscribers: [username],
      };
  return (
    <FormDialog
      title={rule ? `Edit Alarm Rule ${rule.name}` : 'New Alarm Rule'}
      schema={createAlarmRuleSchema}
      defaultValues={defaults}
      requireChange={rule !== undefined}
      submitLabel={rule ? 'Update' : 'Create'}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: rule?.id });
        notify(rule ? `Alarm rule ${values.name} was updated.` : `Alarm rule ${values.name} was created.`);
        onClose();
      }}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField name="name" label="Name" required autoFocus />
        <FormTextField select name="severity" label="Severity" required>
          {ALARM_SEVERITIES.map((s) => (
            <MenuItem key={s} value={s}>
              {ALARM_SEVERITY_LABELS[s]}
            </MenuItem>
          ))}
        </FormTextField>
        <ConditionFields username={username} />
        <SubscribersField />
        <FormSwitch name="enabled" label="Enabled" />
      </Stack>
    </FormDialog>
  );
}
