import { useMemo, useState } from 'react';
import { FAMILY_LABELS } from '@ed/contract/families';
import type { PlanResponse } from '@ed/contract/rollout-plan';
import { createRolloutRequestSchema, type Rollout } from '@ed/contract/rollouts';
import type { z } from 'zod';
import { useNotice } from '../../../shared/components/notice-context';
import { WizardDialog, type WizardAction } from '../../../shared/components/wizard-dialog';
import { useCreateRollout, usePublishedVersions } from '../api/rollouts';
import { deliveryOf } from '../utils/payload';
import { wizardDefaults, type WizardPreset } from '../utils/wizard-values';
import { plannerDefaults, type PlannerSettings } from './capacity-planner';
import { ReviewStep } from './wizard-review-step';
import { TargetStep } from './wizard-target-step';
import { WavesStep } from './wizard-waves-step';

type RolloutForm = z.output<typeof createRolloutRequestSchema>;

/**
 * The request's schema, and a software version must be one the family has published (once the
 * lists are read): refused at the first step, where it is typed, not only by the plan.
 */
function wizardSchema(published: Partial<Record<RolloutForm['family'], readonly string[]>>) {
  return createRolloutRequestSchema.superRefine((values, ctx) => {
    const versions = published[values.family];
    if (values.payload !== 'software' || !values.version || !versions || versions.includes(values.version)) return;
    const label = FAMILY_LABELS[values.family];
    const choose = versions[0] ? ` Choose a published one (the latest is ${versions[0]}).` : ' None is published yet.';
    ctx.addIssue({
      code: 'custom',
      path: ['version'],
      message: `Version ${values.version} is not published for ${label}.${choose}`,
    });
  });
}

const WIZARD_WIDTH = 960;

/**
 * New rollout: the version or spec release and the target; the waves, thresholds and the capacity planner; the
 * server's plan, then Save as draft or Create and start.
 */
export function RolloutWizard({
  preset,
  onClose,
  onCreated,
}: {
  preset: WizardPreset;
  onClose: () => void;
  onCreated: (rollout: Rollout) => void;
}) {
  const create = useCreateRollout();
  const { notify } = useNotice();
  const [plan, setPlan] = useState<PlanResponse | null>(null);
  const [planner, setPlanner] = useState<PlannerSettings>(plannerDefaults);
  const published = usePublishedVersions();
  const schema = useMemo(() => wizardSchema(published), [published]);
  const blocked = plan === null || plan.problem !== null;
  const action = (label: string, start: boolean): WizardAction<RolloutForm> => ({
    label,
    disabled: blocked,
    onSubmit: async (values) => {
      const rollout = await create.mutateAsync({ ...deliveryOf(values), start });
      notify(`Rollout ${rollout.name} ${start ? 'started' : 'saved as a draft'}.`);
      onCreated(rollout);
    },
  });
  return (
    <WizardDialog
      title="New rollout"
      width={WIZARD_WIDTH}
      schema={schema}
      defaultValues={wizardDefaults(preset)}
      onClose={onClose}
      steps={[
        {
          label: 'Delivery and target',
          fields: ['name', 'family', 'payload', 'version', 'specUpdateId', 'target'],
          content: <TargetStep />,
        },
        {
          label: 'Waves',
          fields: ['waves', 'thresholds', 'perDay', 'slots'],
          content: <WavesStep planner={planner} onPlanner={setPlanner} />,
        },
        { label: 'Review', fields: [], content: <ReviewStep onPlan={setPlan} /> },
      ]}
      actions={[action('Save as draft', false), action('Create and start', true)]}
    />
  );
}
