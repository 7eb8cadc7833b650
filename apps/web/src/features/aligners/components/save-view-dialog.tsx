import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { describeFilter, savedViewFormSchema, type ViewFilter } from '@ed/contract/saved-views';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormCheckbox, FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useCreateSavedView } from '../api/saved-views';

/** Save view: the list's current filters under a name, for the caller or shared with everyone. */
export function SaveViewDialog({ filter, onClose }: { filter: ViewFilter; onClose: () => void }) {
  const create = useCreateSavedView();
  const { notify } = useNotice();
  return (
    <FormDialog
      title="Save view"
      schema={savedViewFormSchema}
      defaultValues={{ name: '', shared: false }}
      submitLabel="Save"
      onClose={onClose}
      onSubmit={async ({ name, shared }) => {
        const view = await create.mutateAsync({ name, shared, filter });
        notify(`Saved view ${view.name} saved.`);
        onClose();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>{`Filters: ${describeFilter(filter)}`}</DialogContentText>
        <FormTextField name="name" label="Name" required autoFocus fullWidth />
        <FormCheckbox name="shared" label="Shared with everyone" />
      </Stack>
    </FormDialog>
  );
}
