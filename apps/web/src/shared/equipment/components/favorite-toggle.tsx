import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { Equipment } from '@ed/contract/equipment';
import { errorMessage } from '../../api/http';
import { useSession } from '../../auth/use-session';
import { useNotice } from '../../components/notice-context';
import { TooltipIconButton } from '../../components/tooltip-icon-button';
import { useToggleFavorite } from '../api/favorites';

/** The star of part 1 §4: adds the unit to My Radar or removes it; a refusal (e.g. the limit) becomes a notice. */
export function FavoriteToggle({ unit }: { unit: Pick<Equipment, 'serialNumber' | 'favorite'> }) {
  const session = useSession();
  const toggle = useToggleFavorite();
  const { notify } = useNotice();
  const label = unit.favorite ? 'Remove from My Radar' : 'Add to My Radar';
  return (
    <TooltipIconButton
      label={label}
      aria-pressed={unit.favorite}
      // Not disabled while the server answers: a focused button that turns disabled loses its focus
      // (a dialog's focus trap then takes it), so a press meanwhile is ignored instead.
      aria-busy={toggle.isPending}
      disabled={!session}
      onClick={() => {
        if (!session || toggle.isPending) return;
        toggle.mutate(
          { username: session.user.username, unit },
          { onError: (error) => notify(errorMessage(error), 'error') },
        );
      }}
    >
      {unit.favorite ? <StarIcon sx={{ color: 'secondary.main' }} /> : <StarBorderIcon />}
    </TooltipIconButton>
  );
}
