import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import Badge from '@mui/material/Badge';
import Tooltip from '@mui/material/Tooltip';

/** How many support tickets are open on the unit, as a badge that also says it in words. */
export function OpenTicketsBadge({ count }: { count: number }) {
  const text = `${count} open support ticket${count === 1 ? '' : 's'}`;
  return (
    <Tooltip title={text}>
      <Badge
        badgeContent={count}
        color={count > 0 ? 'error' : 'default'}
        showZero
        role="img"
        aria-label={text}
        sx={{ mx: 1 }}
      >
        <ConfirmationNumberOutlined color="action" />
      </Badge>
    </Tooltip>
  );
}
