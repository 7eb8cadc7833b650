import { useId, useState } from 'react';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { ATTACHMENT_DESCRIPTION_MAX, ATTACHMENT_MIME_TYPES } from '@ed/contract/tickets';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { useNotice } from '../../../shared/components/notice-context';
import { useUploadAttachment } from '../api/tickets';

/** New Attachment: a PNG or JPEG and a description; Upload stays off until both are given (part 1 §5). */
const ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg'];

/** By type, or by name where the system gives no type. */
const isAttachmentImage = (file: File) =>
  (ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type) ||
  (file.type === '' && ATTACHMENT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext)));

export function NewAttachmentDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const titleId = useId();
  const inputId = useId();
  const session = useSession();
  const { notify } = useNotice();
  const upload = useUploadAttachment();
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const ready = file !== null && description.trim() !== '';

  const send = () => {
    if (!session || !file || !ready) return;
    upload.mutate(
      { ticketId, authorUsername: session.user.username, file, description: description.trim() },
      {
        onSuccess: () => {
          notify(`Attachment added to ticket ${ticketId}.`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      <DialogTitle id={titleId}>{`New Attachment on Ticket ${ticketId}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlined />}>
              Choose Image
              <input
                id={inputId}
                type="file"
                hidden
                accept={[...ATTACHMENT_MIME_TYPES, ...ATTACHMENT_EXTENSIONS].join(',')}
                aria-label="Image file"
                onChange={(e) => {
                  // "All files" in the system's picker lets anything through; the server's 415 stays the backstop.
                  const chosen = e.target.files?.[0] ?? null;
                  const allowed = !chosen || isAttachmentImage(chosen);
                  setFile(allowed ? chosen : null);
                  setRefused(allowed ? null : `${chosen.name} is not a PNG or JPEG image: choose another file.`);
                }}
              />
            </Button>
            <Typography aria-live="polite">{file ? file.name : 'No file chosen (PNG or JPEG)'}</Typography>
          </Stack>
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: ATTACHMENT_DESCRIPTION_MAX } }}
          />
          {refused && <Alert severity="error">{refused}</Alert>}
          {upload.isError && <Alert severity="error">{`The upload failed: ${errorMessage(upload.error)}`}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!ready} loading={upload.isPending} onClick={send}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
