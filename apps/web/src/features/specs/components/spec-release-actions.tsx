import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Family } from '@ed/contract/families';
import type { SpecUpdate } from '@ed/contract/specs';
import { newRolloutPath } from '../../../shared/lib/app-links';

/** A rollout is of one family: a release for all starts as one for aligners, changed in the wizard if need be. */
const rolloutFamily = (release: SpecUpdate): Family =>
  release.targetFamily === 'all' ? 'aligner' : release.targetFamily;

// Text buttons at their text's width: the Actions column holds both without pushing the table past 1280 px.
const COMPACT = { minWidth: 0 } as const;

/** A release's row buttons: Edit (specs.manage), and Roll out in waves (rollouts.manage, the Rollouts screen's wizard). */
export function SpecReleaseActions(props: {
  release: SpecUpdate;
  mayEdit: boolean;
  mayRollOut: boolean;
  onEdit: (release: SpecUpdate) => void;
}) {
  const { release, mayEdit, mayRollOut, onEdit } = props;
  const name = release.version.name;
  return (
    <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
      {mayEdit && (
        <Button size="small" sx={COMPACT} onClick={() => onEdit(release)} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      )}
      {mayRollOut && (
        <Button
          size="small"
          sx={COMPACT}
          component={RouterLink}
          to={newRolloutPath({ family: rolloutFamily(release), specUpdateId: release.id })}
          aria-label={`Roll out ${name}`}
        >
          Roll out
        </Button>
      )}
    </Stack>
  );
}
