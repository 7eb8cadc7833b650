import { useMemo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { ROLE_LABELS, ROLES } from '@ed/contract/roles';
import { createUserFormSchema, updateUserFormSchema, type User } from '@ed/contract/users';
import { usePasswordRule } from '../../../shared/auth/use-password-problems';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormSwitch, FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { createUser, updateUser, useUserMutation } from '../api/users';

/** The fields of both dialogs; Edit keeps the username and may leave the password blank. */
function UserFields({ editing }: { editing: boolean }) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField name="username" label="Username" required disabled={editing} autoFocus={!editing} />
      <FormTextField
        name="password"
        label="Password"
        type="password"
        required={!editing}
        autoComplete="new-password"
        helperText={editing ? 'Leave blank to keep the current password.' : 'At least 12 characters.'}
      />
      <FormTextField name="email" label="E-mail" type="email" required />
      <FormTextField select name="role" label="Role" required>
        {ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormSwitch name="active" label="Active" />
    </Stack>
  );
}

/** Edit User: Update is enabled only after a change; a blank password keeps the current one. */
function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { notify } = useNotice();
  const update = useUserMutation(updateUser);
  const rule = usePasswordRule();
  const schema = useMemo(() => updateUserFormSchema(rule), [rule]);
  return (
    <FormDialog
      title={`Edit User ${user.username}`}
      schema={schema}
      defaultValues={{ ...user, password: '' }}
      requireChange
      submitLabel="Update"
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        notify(`User ${user.username} was updated.`);
        onClose();
      }}
      onClose={onClose}
    >
      <UserFields editing />
    </FormDialog>
  );
}

/** Create New User: username, password, e-mail and role are needed. */
function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const { notify } = useNotice();
  const create = useUserMutation(createUser);
  const rule = usePasswordRule();
  const schema = useMemo(() => createUserFormSchema(rule), [rule]);
  return (
    <FormDialog
      title="Create New User"
      schema={schema}
      defaultValues={{ username: '', password: '', email: '', role: '', active: true }}
      submitLabel="Create"
      onSubmit={async (values) => {
        await create.mutateAsync(values);
        notify(`User ${values.username} was created.`);
        onClose();
      }}
      onClose={onClose}
    >
      <UserFields editing={false} />
    </FormDialog>
  );
}

/**
 * Create New User and Edit User (part 2 §5); a typed password must pass the policy. The contract's
 * user form schemas say what each accepts.
 */
export function UserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return user ? <EditUserDialog user={user} onClose={onClose} /> : <CreateUserDialog onClose={onClose} />;
}
