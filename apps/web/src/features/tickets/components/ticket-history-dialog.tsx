import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ReportDialogFrame } from '../../../shared/equipment/components/report-dialog-frame';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { useTicketHistory } from '../api/tickets';
import { CommentList } from './comment-list';

const NO_TICKETS = 'NO TICKETS';

/** A unit's tickets (part 1 §2), numbered, each with its comments; 'NO TICKETS' when empty. */
export function TicketHistoryDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const history = useTicketHistory(serialNumber);
  return (
    <ReportDialogFrame
      title={`Ticket History of ${serialNumber}`}
      loading={history.isPending}
      error={history.error}
      onClose={onClose}
    >
      {history.data?.length ? (
        <Box component="ol" aria-label="Tickets" sx={{ pl: 3, m: 0 }}>
          {history.data.map((t) => (
            <Box component="li" key={t.id} sx={{ mb: 2 }}>
              <Typography variant="subtitle1" component="h3">
                {`Ticket ${t.id} · ${t.status.toUpperCase()} · opened by ${t.openedBy} on ${formatDateTime(t.createdAt)}`}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {t.description || 'No description'}
              </Typography>
              {t.callerName && (
                <Typography variant="body2" color="text.secondary">
                  {`Caller: ${t.callerName}${t.callerEmail ? ` (${t.callerEmail})` : ''}`}
                </Typography>
              )}
              <CommentList comments={t.comments} label={`Comments on ticket ${t.id}`} />
            </Box>
          ))}
        </Box>
      ) : (
        <Typography>{NO_TICKETS}</Typography>
      )}
    </ReportDialogFrame>
  );
}
