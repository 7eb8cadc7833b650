import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { useTicket } from '../api/tickets';
import { AttachmentList } from './attachment-list';
import { CommentList } from './comment-list';
import { NewAttachmentDialog } from './new-attachment-dialog';
import { NewCommentDialog } from './new-comment-dialog';
import { TicketFields } from './ticket-fields';

/** The ticket detail (part 1 §2): Ticket and Attachments tabs; open tickets take comments and attachments. */
export function TicketDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const titleId = useId();
  const query = useTicket(id);
  const [tab, setTab] = useState<'ticket' | 'attachments'>('ticket');
  const [adding, setAdding] = useState<'comment' | 'attachment' | null>(null);
  const ticket = query.data;
  const title = ticket ? `Ticket ${ticket.id} ${ticket.closed ? 'CLOSED' : 'OPEN'}` : `Ticket ${id}`;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {ticket && (
        <Tabs value={tab} onChange={(_e, v: 'ticket' | 'attachments') => setTab(v)} sx={{ px: 3 }}>
          <Tab value="ticket" label="Ticket" />
          <Tab value="attachments" label={`Attachments (${ticket.attachments.length})`} />
        </Tabs>
      )}
      <DialogContent dividers aria-busy={query.isPending}>
        {query.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : !ticket ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : tab === 'ticket' ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { md: '3fr 2fr' }, columnGap: 4 }}>
            <TicketFields ticket={ticket} />
            <Box component="section" aria-label="Comments">
              <Typography variant="subtitle2" component="h3" gutterBottom>
                Comments
              </Typography>
              <CommentList comments={ticket.comments} label={`Comments on ticket ${ticket.id}`} />
            </Box>
          </Box>
        ) : (
          <AttachmentList attachments={ticket.attachments} />
        )}
      </DialogContent>
      <DialogActions>
        {ticket && !ticket.closed && (
          <>
            <Button onClick={() => setAdding('attachment')}>New Attachment</Button>
            <Button onClick={() => setAdding('comment')}>New Comment</Button>
          </>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {adding === 'comment' && <NewCommentDialog ticketId={id} onClose={() => setAdding(null)} />}
      {adding === 'attachment' && <NewAttachmentDialog ticketId={id} onClose={() => setAdding(null)} />}
    </Dialog>
  );
}
