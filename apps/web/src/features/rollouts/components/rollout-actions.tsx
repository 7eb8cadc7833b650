import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { hasPermission } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { ROLLOUT_ACTIONS, ROLLOUT_TRANSITIONS, type RolloutAction } from '@ed/contract/rollout-transitions';
import { pauseRolloutSchema, type Rollout, type RolloutState } from '@ed/contract/rollouts';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useRolloutAction } from '../api/rollouts';

const pauseFormSchema = pauseRolloutSchema.pick({ reason: true });

const cancelText = (name: string) =>
  `Cancel ${name}? Units that have not started downloading are unstaged; installs in progress go on.`;

/** What Start and Resume set in motion, asked as Pause and Cancel are. */
const CONFIRM: Record<'start' | 'resume', { title: string; text: (r: Rollout) => string }> = {
  start: {
    title: 'Start rollout',
    text: (r) => `Start ${r.name}? Its target's units are fixed now and wave 1 starts staging ${r.version} at once.`,
  },
  resume: {
    title: 'Resume rollout',
    text: (r) =>
      `Resume ${r.name}? What paused it counts as seen: the thresholds count what happens from now on.` +
      (r.pausedReason ? ` It was paused because: ${r.pausedReason}` : ''),
  },
};

/** What a role may do to a rollout in its state: the contract's transitions, where the role has their permission. */
function allowedActions(role: Role, rollout: Pick<Rollout, 'state'>): RolloutAction[] {
  return ROLLOUT_ACTIONS.filter((action) => {
    const transition = ROLLOUT_TRANSITIONS[action];
    return (
      (transition.from as readonly RolloutState[]).includes(rollout.state) && hasPermission(role, transition.permission)
    );
  });
}

const LABELS: Record<RolloutAction, string> = { start: 'Start', pause: 'Pause', resume: 'Resume', cancel: 'Cancel' };

/** Start, Pause (with an optional reason), Resume and Cancel (confirmed), each only where the role and the state allow. */
export function RolloutActions({ rollout, role }: { rollout: Rollout; role: Role }) {
  const action = useRolloutAction(rollout.id);
  const { notify } = useNotice();
  const [dialog, setDialog] = useState<RolloutAction | null>(null);
  const done = (kind: RolloutAction) => {
    notify(`Rollout ${rollout.name} ${ROLLOUT_TRANSITIONS[kind].done}.`);
    setDialog(null);
  };
  const run = (kind: RolloutAction) => action.mutate({ action: kind }, { onSuccess: () => done(kind) });
  const allowed = allowedActions(role, rollout);
  if (allowed.length === 0) return null;
  return (
    <Stack direction="row" spacing={1}>
      {allowed.map((kind) => (
        <Button
          key={kind}
          variant={kind === 'cancel' ? 'outlined' : 'contained'}
          color={kind === 'cancel' ? 'error' : 'primary'}
          loading={action.isPending && action.variables.action === kind}
          onClick={() => {
            action.reset();
            setDialog(kind);
          }}
        >
          {LABELS[kind]}
        </Button>
      ))}
      {dialog === 'pause' && (
        <FormDialog
          title="Pause rollout"
          schema={pauseFormSchema}
          defaultValues={{ reason: '' }}
          submitLabel="Pause"
          onClose={() => setDialog(null)}
          onSubmit={async ({ reason }) => {
            await action.mutateAsync({ action: 'pause', reason: reason || undefined });
            done('pause');
          }}
        >
          <DialogContentText sx={{ mb: 2 }}>
            Nothing more is staged until the rollout is resumed; installs in progress go on.
          </DialogContentText>
          <FormTextField name="reason" label="Reason (optional)" fullWidth autoFocus multiline minRows={2} />
        </FormDialog>
      )}
      {(dialog === 'start' || dialog === 'resume') && (
        <ConfirmDialog
          title={CONFIRM[dialog].title}
          text={CONFIRM[dialog].text(rollout)}
          confirmLabel={LABELS[dialog]}
          constructive
          busy={action.isPending}
          error={action.isError ? errorMessage(action.error) : null}
          onConfirm={() => run(dialog)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cancel' && (
        <ConfirmDialog
          title="Cancel rollout"
          text={cancelText(rollout.name)}
          busy={action.isPending}
          error={action.isError ? errorMessage(action.error) : null}
          onConfirm={() => action.mutate({ action: 'cancel' }, { onSuccess: () => done('cancel') })}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
