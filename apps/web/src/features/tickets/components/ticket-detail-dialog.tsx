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
import { hasPermission } from '@ed/contract/permissions';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { useNotice } from '../../../shared/components/notice-context';
import { usePhone } from '../../../shared/lib/use-phone';
import { useCollectDiagnostics } from '../../../shared/equipment/api/diagnostics';
import { useTicket } from '../api/tickets';
import { AttachmentList } from './attachment-list';
import { CommentList } from './comment-list';
import { DiagnosticsPanel } from './diagnostics-panel';
import { NewAttachmentDialog } from './new-attachment-dialog';
import { NewCommentDialog } from './new-comment-dialog';
import { TicketFields } from './ticket-fields';

type TicketTab = 'ticket' | 'attachments' | 'diagnostics';

/**
 * The ticket detail (part 1 §2): Ticket and Attachments tabs; open tickets take comments and
 * attachments. Beyond the spec, a Diagnostics tab: Collect diagnostics asks the unit for its
 * reports at once and shows each item's progress (docs/diagnostics.md).
 */
export function TicketDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const titleId = useId();
  const query = useTicket(id);
  const [tab, setTab] = useState<TicketTab>('ticket');
  const session = useSession();
  const collect = useCollectDiagnostics();
  const { notify } = useNotice();
  const mayCollect = session ? hasPermission(session.user.role, 'diagnostics.collect') : false;
  const [adding, setAdding] = useState<'comment' | 'attachment' | null>(null);
  const phone = usePhone();
  const ticket = query.data;
  const title = ticket ? `Ticket ${ticket.id} ${ticket.closed ? 'CLOSED' : 'OPEN'}` : `Ticket ${id}`;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* On a phone the three tabs share the width, their labels on two lines if need be, none cut. */}
      {ticket && (
        <Tabs
          value={tab}
          onChange={(_e, v: TicketTab) => setTab(v)}
          variant={phone ? 'fullWidth' : 'standard'}
          sx={{ px: phone ? 0 : 3 }}
        >
          <Tab value="ticket" label="Ticket" wrapped />
          <Tab value="attachments" label={`Attachments (${ticket.attachments.length})`} wrapped />
          <Tab value="diagnostics" label="Diagnostics" wrapped />
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
        ) : tab === 'attachments' ? (
          <AttachmentList attachments={ticket.attachments} />
        ) : (
          <DiagnosticsPanel ticketId={ticket.id} attachments={ticket.attachments} />
        )}
      </DialogContent>
      <DialogActions>
        {ticket && !ticket.closed && (
          <>
            {mayCollect && (
              <Button
                loading={collect.isPending}
                onClick={() =>
                  collect.mutate(
                    { ticketId: ticket.id },
                    {
                      onSuccess: () => setTab('diagnostics'),
                      onError: (err) => notify(errorMessage(err), 'error'),
                    },
                  )
                }
              >
                Collect diagnostics
              </Button>
            )}
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
