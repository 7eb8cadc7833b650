import Button from '@mui/material/Button';
import type { Equipment } from '@ed/contract/equipment';
import { canStage, canUnstage } from '@ed/contract/permissions';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { useStaging } from '../api/software';

/**
 * Stage {latest} and Unstage {version} of the equipment detail (part 1 §4): Stage while everything
 * on the unit is below its family's latest, Unstage while a download is pending. The server checks
 * the same rule and says why when it refuses.
 */
export function StagingButtons({ unit, latest }: { unit: Equipment; latest: string | null }) {
  const { stage, unstage } = useStaging(unit.family, unit.serialNumber);
  const { notify, alert } = useNotice();
  return (
    <>
      {latest && canStage(unit, latest) && (
        <Button
          variant="outlined"
          size="small"
          loading={stage.isPending}
          onClick={() =>
            stage.mutate(latest, {
              onSuccess: (r) => notify(`Staged ${r.version.semantic} on ${unit.serialNumber}.`),
              onError: (error) => alert(errorMessage(error), 'error'),
            })
          }
        >
          Stage {latest}
        </Button>
      )}
      {canUnstage(unit) && (
        <Button
          variant="outlined"
          size="small"
          loading={unstage.isPending}
          onClick={() =>
            unstage.mutate(undefined, {
              onSuccess: (r) => notify(`Unstaged ${r.unstaged} from ${unit.serialNumber}.`),
              onError: (error) => alert(errorMessage(error), 'error'),
            })
          }
        >
          Unstage {unit.pendingSoftwareDownload}
        </Button>
      )}
    </>
  );
}
