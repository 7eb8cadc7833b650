import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { countOf } from '@ed/contract/count-text';
import { FAMILY_LABELS, type Family } from '@ed/contract/families';
import type { PlanRequest, PlanResponse } from '@ed/contract/rollout-plan';
import { createRolloutRequestSchema, type RolloutTarget } from '@ed/contract/rollouts';
import { errorMessage } from '../../../shared/api/http';
import { useSavedViews } from '../../../shared/equipment/api/saved-views';
import { usePlan, useRolloutVersions } from '../api/rollouts';
import { deliveryOf } from '../utils/payload';

function useTargetText(target: RolloutTarget | undefined): string {
  const views = useSavedViews(target?.kind === 'view');
  if (!target) return '';
  if (target.kind === 'pattern') return `the units matching ${target.pattern}`;
  if (target.kind === 'serials') return `the ${countOf(target.serialNumbers.length, 'serial number')} of the file`;
  const view = views.data?.find((v) => v.id === target.viewId);
  return `the saved view ${view ? view.name : target.viewId}`;
}

/**
 * Step 3: what the rollout would do, as the server plans it (nothing is written yet). The plan's
 * answer goes up to the wizard, whose Create buttons stay off while it has a problem.
 */
export function ReviewStep({ onPlan }: { onPlan: (plan: PlanResponse | null) => void }) {
  const values = useWatch();
  const parsed = useMemo(() => createRolloutRequestSchema.safeParse(values), [values]);
  const request = useMemo<PlanRequest | null>(() => {
    if (!parsed.success) return null;
    const { family, payload, version, specUpdateId, target, waves } = parsed.data;
    return deliveryOf({ family, payload, version, specUpdateId, target, waves });
  }, [parsed]);
  const plan = usePlan(request);
  const targetText = useTargetText(parsed.data?.target);
  const specs = useRolloutVersions(values.family as Family).data?.specs;
  useEffect(() => onPlan(plan.data ?? null), [plan.data, onPlan]);
  useEffect(() => () => onPlan(null), [onPlan]);
  if (!parsed.data) return null;
  const { name, family, payload, specUpdateId } = parsed.data;
  const version = parsed.data.version ?? '';
  // The release's name once the family's releases are known (they are, from step 1), its number before.
  const specName = specs?.find((s) => s.id === specUpdateId)?.name ?? `#${String(specUpdateId)}`;
  const delivered = payload === 'spec' ? `Spec release ${specName}` : version;
  const answer = plan.data;
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography>{`${name}: ${FAMILY_LABELS[family]} ${delivered} to ${targetText}.`}</Typography>
      {plan.isFetching && <LinearProgress aria-label="Planning the rollout" />}
      {plan.isError && <Alert severity="error">{errorMessage(plan.error)}</Alert>}
      {answer && (
        <Stack component="dl" spacing={0.5} sx={{ m: 0, '& dt': { fontWeight: 500 }, '& dd': { m: 0, mb: 1 } }}>
          <dt>Units to update</dt>
          <dd>{answer.total - answer.alreadyStaged}</dd>
          {answer.alreadyStaged > 0 && (
            <>
              <dt>Already staged by the update scheduler (skipped)</dt>
              <dd>{answer.alreadyStaged}</dd>
            </>
          )}
          <dt>{payload === 'spec' ? `Already have ${specName}` : `Already on ${version} or later`}</dt>
          <dd>{answer.alreadyOnVersion}</dd>
          <dt>Of another family (left out)</dt>
          <dd>{answer.otherFamily}</dd>
          <dt>Units per wave</dt>
          <dd>{answer.waveSizes.length > 0 ? answer.waveSizes.join(' → ') : 'none'}</dd>
        </Stack>
      )}
      {answer?.problem && <Alert severity="error">{answer.problem}</Alert>}
    </Stack>
  );
}
