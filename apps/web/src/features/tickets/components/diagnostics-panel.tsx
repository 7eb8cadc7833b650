import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DiagnosticItem, DiagnosticSnapshot } from '@ed/contract/diagnostics';
import type { Attachment } from '@ed/contract/tickets';
import { errorMessage } from '../../../shared/api/http';
import { useDiagnostics } from '../../../shared/equipment/api/diagnostics';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { ticketKeys } from '../api/tickets';
import { DiagnosticItemDialog } from './diagnostic-item-dialog';
import { ImageOverlay } from './image-overlay';

const STATE_TEXT = { pending: 'Asking the unit…', missing: 'Missing', done: '' } as const;

function SnapshotItems({ snapshot, attachments }: { snapshot: DiagnosticSnapshot; attachments: Attachment[] }) {
  const [open, setOpen] = useState<DiagnosticItem | null>(null);
  const settled = snapshot.items.filter((i) => i.state !== 'pending').length;
  const shot = attachments.find((a) => a.id === open?.attachmentId);
  return (
    <Box component="section" aria-label={`Diagnostics of ${formatDateTime(snapshot.startedAt)}`} sx={{ mb: 3 }}>
      <Typography variant="subtitle2" component="h3">
        {`Collected for ${snapshot.requestedBy}, ${formatDateTime(snapshot.startedAt)}`}
      </Typography>
      {!snapshot.finishedAt && (
        <LinearProgress
          variant="determinate"
          value={(settled / snapshot.items.length) * 100}
          aria-label={`Diagnostics of ${snapshot.serialNumber}`}
          aria-valuetext={`${settled} of ${snapshot.items.length} items in`}
          sx={{ my: 1 }}
        />
      )}
      <List dense aria-label="Diagnostic items">
        {snapshot.items.map((item) => (
          <ListItem
            key={item.item}
            secondaryAction={
              item.state === 'pending' ? (
                <CircularProgress size={18} aria-label={`${item.label}: asking the unit`} />
              ) : (
                <Button size="small" onClick={() => setOpen(item)} aria-label={`Open ${item.label}`}>
                  Open
                </Button>
              )
            }
          >
            <ListItemText
              primary={item.label}
              secondary={[STATE_TEXT[item.state], item.detail].filter(Boolean).join(': ')}
            />
          </ListItem>
        ))}
      </List>
      {open && open.item === 'screenShot' && shot ? (
        <ImageOverlay url={shot.url} title={shot.description} onClose={() => setOpen(null)} />
      ) : (
        open && <DiagnosticItemDialog item={open} serialNumber={snapshot.serialNumber} onClose={() => setOpen(null)} />
      )}
    </Box>
  );
}

/** The ticket's diagnostic snapshots, each item with its progress and its report. */
export function DiagnosticsPanel({ ticketId, attachments }: { ticketId: number; attachments: Attachment[] }) {
  const query = useDiagnostics(ticketId);
  const queryClient = useQueryClient();
  const snapshots = query.data?.snapshots;
  const running = snapshots?.filter((s) => !s.finishedAt).length ?? 0;
  // A snapshot that finishes has added an attachment and a comment to the ticket.
  useEffect(() => {
    if (running === 0) void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
  }, [running, ticketId, queryClient]);
  if (query.isPending) return <CircularProgress aria-label="Loading diagnostics" />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (!snapshots?.length) return <Typography>NO DIAGNOSTICS</Typography>;
  return snapshots.map((s) => <SnapshotItems key={s.id} snapshot={s} attachments={attachments} />);
}
