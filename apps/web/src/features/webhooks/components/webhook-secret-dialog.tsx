import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { CreatedWebhook } from '@ed/contract/webhooks';

/**
 * The new endpoint's signing secret, shown this once: the console never shows it again. Done is
 * the only way out (not Escape or a click outside), so it is not closed before it is kept.
 */
export function WebhookSecretDialog({ created, onClose }: { created: CreatedWebhook; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // Over plain HTTP (a LAN address) there is no clipboard: the failure says so.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(created.secret))
      .then(
        () => setCopied('yes'),
        () => setCopied('failed'),
      );
  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Webhook Endpoint Added</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {`Events are posted to ${created.url}, signed with this secret. Give it to the receiver so that it can ` +
            'verify each delivery: it is not shown again.'}
        </DialogContentText>
        <TextField
          label="Signing secret"
          value={created.secret}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        {copied === 'yes' && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Copied to the clipboard.
          </Alert>
        )}
        {copied === 'failed' && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The browser did not allow copying: select the secret and copy it yourself.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ mr: 'auto' }}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
