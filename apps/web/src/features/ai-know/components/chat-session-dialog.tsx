import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import type { ChatSession } from '@ed/contract/assistant';

/** One session's exchanges, query then response, or 'NO EXCHANGES'. */
export function ChatSessionDialog({ session, onClose }: { session: ChatSession; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      <DialogTitle id={titleId}>Chat session of {session.serialNumber}</DialogTitle>
      <DialogContent dividers>
        {session.conversation.length === 0 ? (
          <Typography color="text.secondary">NO EXCHANGES</Typography>
        ) : (
          <Box component="ol" sx={{ pl: 2, m: 0 }} aria-label="Exchanges">
            {session.conversation.map((exchange, index) => (
              <Box component="li" key={index} sx={{ mb: 2 }}>
                <Typography variant="subtitle2">Query: {exchange.query}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Response: {exchange.response}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
