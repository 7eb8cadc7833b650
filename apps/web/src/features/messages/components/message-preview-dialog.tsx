import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countOf } from '@ed/contract/count-text';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import type { Message } from '@ed/contract/messages';
import { formatUtc } from '../../../shared/lib/dates';

/** The read-only preview every tab offers: the message as a unit shows it, and its facts. */
export function MessagePreviewDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const titleId = useId();
  const { targets } = message;
  const facts: [string, string][] = [
    ['Status', message.disposition],
    ['Starts', `${formatUtc(message.schedule.startDate)} UTC`],
    ['Ends', `${formatUtc(message.schedule.endDate)} UTC`],
    ['Market', targets.market],
    ['Serial numbers', targets.serialNumbers.length > 0 ? `${targets.serialNumbers.length}` : 'all of the market'],
    ['Issuer', `${message.issuerUsername} (${message.issuerEmail})`],
    ['Delivered to', countOf(message.deliveredCount, 'unit')],
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      <DialogTitle id={titleId}>{`Message ${message.id}`}</DialogTitle>
      <DialogContent>
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Preview">
          <Typography variant="h6">{message.header}</Typography>
          <Typography sx={{ my: 1, whiteSpace: 'pre-wrap' }}>{message.body}</Typography>
          <Button variant="contained" size="small" tabIndex={-1} disableRipple>
            {message.callToAction}
          </Button>
        </Paper>
        <Stack spacing={0.5}>
          {facts.map(([label, value]) => (
            <Typography key={label} variant="body2">
              <strong>{label}:</strong> {value}
            </Typography>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
