import { COMMENT_TEXT_MAX, commentFormSchema } from '@ed/contract/tickets';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useCreateComment } from '../api/tickets';

/** New Comment: an empty or cancelled comment is not saved (part 1 §4, commentFormSchema). */
export function NewCommentDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const session = useSession();
  const { notify } = useNotice();
  const create = useCreateComment();
  return (
    <FormDialog
      title={`New Comment on Ticket ${ticketId}`}
      schema={commentFormSchema}
      defaultValues={{ text: '' }}
      submitLabel="Save"
      onSubmit={async ({ text }) => {
        if (!session) return;
        await create.mutateAsync({ ticketId, authorUsername: session.user.username, text });
        notify(`Comment added to ticket ${ticketId}.`);
        onClose();
      }}
      errorText={(error) => `The comment was not saved: ${errorMessage(error)}`}
      onClose={onClose}
    >
      <FormTextField
        name="text"
        label="Comment"
        autoFocus
        multiline
        minRows={3}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: COMMENT_TEXT_MAX } }}
      />
    </FormDialog>
  );
}
