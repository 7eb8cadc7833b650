import { useState } from 'react';
import type { PlanResponse } from '@ed/contract/rollout-plan';
import { createRolloutRequestSchema, type Rollout } from '@ed/contract/rollouts';
import type { z } from 'zod';
import { useNotice } from '../../../shared/components/notice-context';
import { WizardDialog, type WizardAction } from '../../../shared/components/wizard-dialog';
import { useCreateRollout } from '../api/rollouts';
import { deliveryOf } from '../utils/payload';
import { wizardDefaults, type WizardPreset } from '../utils/wizard-values';
import { plannerDefaults, type PlannerSettings } from './capacity-planner';
import { ReviewStep } from './wizard-review-step';
import { TargetStep } from './wizard-target-step';
import { WavesStep } from './wizard-waves-step';

type RolloutForm = z.output<typeof createRolloutRequestSchema>;

export const WIZARD_WIDTH = 960;

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
      schema={createRolloutRequestSchema}
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
