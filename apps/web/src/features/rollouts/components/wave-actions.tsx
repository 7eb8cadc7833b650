import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { countOf } from '@ed/contract/count-text';
import { waveThresholdSchema, type Rollout, type RolloutWave } from '@ed/contract/rollouts';
import { errorMessage } from '../../../shared/api/http';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useWaveChange } from '../api/rollouts';

const thresholdFormSchema = waveThresholdSchema.pick({ successThreshold: true });

/**
 * What a person with rollouts.manage may do about the running wave of a running or paused
 * rollout that cannot close: skip its units set aside as offline, or change its success threshold.
 */
export function WaveActions({ rollout, wave }: { rollout: Rollout; wave: RolloutWave }) {
  const change = useWaveChange(rollout.id);
  const { notify } = useNotice();
  const [dialog, setDialog] = useState<'skip' | 'threshold' | null>(null);
  const n = wave.index + 1;
  const offline = countOf(wave.offline, 'offline unit');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
      {wave.offline > 0 && (
        <Button size="small" variant="outlined" onClick={() => setDialog('skip')}>
          {`Skip ${offline}`}
        </Button>
      )}
      <Button size="small" variant="outlined" onClick={() => setDialog('threshold')}>
        Change threshold
      </Button>
      {dialog === 'skip' && (
        <ConfirmDialog
          title={`Skip the offline units of wave ${n}`}
          text={`Skip ${offline} of wave ${n}? The rollout will not update ${wave.offline === 1 ? 'it' : 'them'}, even once online; the wave closes on the units it reached.`}
          confirmLabel="Skip"
          constructive
          busy={change.isPending}
          error={change.isError ? errorMessage(change.error) : null}
          onConfirm={() =>
            change.mutate(
              { kind: 'skipOffline', wave: wave.index },
              {
                onSuccess: () => {
                  notify(`${offline} of wave ${n} skipped.`);
                  setDialog(null);
                },
              },
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'threshold' && (
        <FormDialog
          title={`Success threshold of wave ${n}`}
          schema={thresholdFormSchema}
          defaultValues={{ successThreshold: wave.successThreshold }}
          submitLabel="Change"
          requireChange
          onClose={() => setDialog(null)}
          onSubmit={async ({ successThreshold }) => {
            await change.mutateAsync({ kind: 'threshold', wave: wave.index, successThreshold });
            notify(`Wave ${n} now needs ${successThreshold} % of its installs to succeed.`);
            setDialog(null);
          }}
        >
          <DialogContentText sx={{ mb: 2 }}>
            {`The next wave starts once this share of wave ${n}'s installs succeeded.` +
              (rollout.state === 'paused' ? ' It applies once the rollout is resumed.' : '')}
          </DialogContentText>
          <FormTextField
            name="successThreshold"
            label={`Wave ${n} success threshold (%)`}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </FormDialog>
      )}
    </Stack>
  );
}
