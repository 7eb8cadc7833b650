import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Stack from '@mui/material/Stack';
import type { TicketSummary } from '@ed/contract/tickets';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import type { TicketAction } from '../api/tickets';

export interface TicketRowHandlers {
  onView: (id: number) => void;
  onComment: (id: number) => void;
  onAction: (action: TicketAction, ticket: TicketSummary) => void;
}

/** Row actions of part 1 §2, each offered only where §4 allows it (open tickets; escalation by state). */
export function TicketRowActions({
  ticket,
  onView,
  onComment,
  onAction,
}: TicketRowHandlers & { ticket: TicketSummary }) {
  const small = { size: 'small' } as const;
  const open = !ticket.closed;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={`Actions for ticket ${ticket.id}`}
      sx={{ height: '100%', alignItems: 'center' }}
    >
      <TooltipIconButton
        {...small}
        label={`View details of ticket ${ticket.id}`}
        tooltip={ticket.description || 'No description'}
        onClick={() => onView(ticket.id)}
      >
        <VisibilityOutlined fontSize="small" />
      </TooltipIconButton>
      {open && (
        <TooltipIconButton {...small} label={`Add comment to ticket ${ticket.id}`} onClick={() => onComment(ticket.id)}>
          <AddCommentOutlined fontSize="small" />
        </TooltipIconButton>
      )}
      {open && !ticket.escalated && (
        <TooltipIconButton
          {...small}
          label={`Escalate ticket ${ticket.id}`}
          onClick={() => onAction('escalate', ticket)}
        >
          <ArrowUpwardOutlined fontSize="small" />
        </TooltipIconButton>
      )}
      {open && ticket.escalated && (
        <TooltipIconButton
          {...small}
          label={`De-escalate ticket ${ticket.id}`}
          onClick={() => onAction('deescalate', ticket)}
        >
          <ArrowDownwardOutlined fontSize="small" />
        </TooltipIconButton>
      )}
      {open && (
        <TooltipIconButton {...small} label={`Close ticket ${ticket.id}`} onClick={() => onAction('close', ticket)}>
          <CheckCircleOutlined fontSize="small" />
        </TooltipIconButton>
      )}
    </Stack>
  );
}
