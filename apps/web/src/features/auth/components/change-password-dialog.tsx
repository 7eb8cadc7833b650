import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordFormSchema } from '@ed/contract/auth';
import { usePasswordRule } from '../../../shared/auth/use-password-problems';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useChangePassword } from '../api/change-password';

export const EXPIRED_TEXT = 'Your password has expired. Please choose a new one.';
export const PASSWORD_CHANGED_NOTICE = 'Password changed.';

export interface ChangePasswordDialogProps {
  open: boolean;
  username: string;
  /** An expired password must be changed: no Cancel, and Escape or a click outside do nothing. */
  expired: boolean;
  onClose: () => void;
}

/** Change Password: the current password and a new one the policy accepts (changePasswordFormSchema). */
export function ChangePasswordDialog({ open, username, expired, onClose }: ChangePasswordDialogProps) {
  const change = useChangePassword();
  const { notify } = useNotice();
  const rule = usePasswordRule();
  const schema = useMemo(() => changePasswordFormSchema(username, rule), [username, rule]);
  return (
    <FormDialog
      open={open}
      title="Change Password"
      schema={schema}
      defaultValues={{ prevPassword: '', newPassword: '' }}
      submitLabel="Change"
      cancellable={!expired}
      onSubmit={async (values) => {
        await change.mutateAsync({ username, ...values });
        notify(PASSWORD_CHANGED_NOTICE);
        onClose();
      }}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {expired && <Typography>{EXPIRED_TEXT}</Typography>}
        <FormTextField
          name="prevPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          autoFocus
        />
        {/* A space keeps the form from jumping when a problem appears under the new password. */}
        <FormTextField
          name="newPassword"
          label="New Password"
          type="password"
          autoComplete="new-password"
          helperText=" "
        />
      </Stack>
    </FormDialog>
  );
}
