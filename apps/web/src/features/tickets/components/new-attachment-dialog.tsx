import { useId } from 'react';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import {
  ATTACHMENT_DESCRIPTION_MAX,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MIME_TYPES,
  attachmentFormSchema,
} from '@ed/contract/tickets';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { useFieldProblem } from '../../../shared/components/form-context';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useUploadAttachment } from '../api/tickets';

/** The image picker; a file the schema refuses counts as none chosen. */
function ImageField() {
  const inputId = useId();
  const { field } = useController({ name: 'file' });
  const refused = useFieldProblem('file');
  const file = refused ? null : (field.value as File | null);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlined />}>
        Choose Image
        <input
          id={inputId}
          type="file"
          hidden
          accept={[...ATTACHMENT_MIME_TYPES, ...ATTACHMENT_EXTENSIONS].join(',')}
          aria-label="Image file"
          onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography aria-live="polite">{file ? file.name : 'No file chosen (PNG or JPEG)'}</Typography>
    </Stack>
  );
}

/**
 * "All files" in the system's picker lets anything through: a file the schema refuses is named as it
 * is picked (the server's 415 stays the backstop).
 */
function RefusedFile() {
  const refused = useFieldProblem('file');
  return refused ? <Alert severity="error">{refused}</Alert> : null;
}

/** New Attachment: a PNG or JPEG and a description; Upload stays off until both are given (part 1 §5). */
export function NewAttachmentDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const session = useSession();
  const { notify } = useNotice();
  const upload = useUploadAttachment();
  return (
    <FormDialog
      title={`New Attachment on Ticket ${ticketId}`}
      schema={attachmentFormSchema}
      defaultValues={{ file: null, description: '' }}
      submitLabel="Upload"
      onSubmit={async ({ file, description }) => {
        if (!session) return;
        await upload.mutateAsync({ ticketId, authorUsername: session.user.username, file, description });
        notify(`Attachment added to ticket ${ticketId}.`);
        onClose();
      }}
      errorText={(error) => `The upload failed: ${errorMessage(error)}`}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ImageField />
        <FormTextField
          name="description"
          label="Description"
          fullWidth
          slotProps={{ htmlInput: { maxLength: ATTACHMENT_DESCRIPTION_MAX } }}
        />
        <RefusedFile />
      </Stack>
    </FormDialog>
  );
}
