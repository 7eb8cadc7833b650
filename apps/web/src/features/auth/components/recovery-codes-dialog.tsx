import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { APP_TITLE } from '@ed/contract/constants';
import { saveFile } from '../../../shared/api/csv-download';

const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** The codes as a text file: what they are, for whom, and one code a line. */
function codesText(codes: readonly string[], username: string): string {
  const head = [
    `${APP_TITLE}: recovery codes of ${username}`,
    'Each code signs you in once instead of your authenticator app or passkey.',
    '',
  ];
  return [...head, ...codes, ''].join('\n');
}

/**
 * New recovery codes, shown once: the server keeps only their hashes. Copy and Download put them
 * somewhere safe; Done closes the dialog, which is the only way out (not Escape or a click outside).
 */
export function RecoveryCodesDialog({
  codes,
  username,
  onClose,
}: {
  codes: readonly string[];
  username: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = codesText(codes, username);
  // Over plain HTTP (a LAN address) there is no clipboard: the failure says so.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => setCopied('yes'),
        () => setCopied('failed'),
      );
  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Your recovery codes</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          Keep these somewhere safe: each one signs you in once if you lose your authenticator app or passkey. They are
          not shown again.
        </DialogContentText>
        <Box
          component="ul"
          aria-label="Recovery codes"
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, pl: 3, my: 0 }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        {copied === 'yes' && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Copied to the clipboard.
          </Alert>
        )}
        {copied === 'failed' && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The browser did not allow copying: download the file, or write the codes down.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Stack direction="row" spacing={1} sx={{ flexGrow: 1 }}>
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            Copy
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), RECOVERY_CODES_FILE)}
          >
            Download
          </Button>
        </Stack>
        <Button variant="contained" onClick={onClose} autoFocus>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
