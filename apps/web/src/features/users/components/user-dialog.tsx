import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import { ROLE_LABELS, ROLES, type Role } from '@ed/contract/roles';
import type { User } from '@ed/contract/users';
import { errorMessage } from '../../../shared/api/http';
import { usePasswordProblems } from '../../../shared/auth/use-password-problems';
import { useNotice } from '../../../shared/components/notice-context';
import { createUser, updateUser, useUserMutation } from '../api/users';

/**
 * Create New User and Edit User (part 2 §5). Create needs username, password, e-mail and role;
 * Update is enabled only when the password is set, or the role or e-mail changed and is not blank.
 */
export function UserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const titleId = useId();
  const { notify } = useNotice();
  const [username, setUsername] = useState(user?.username ?? '');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [role, setRole] = useState<Role | ''>(user?.role ?? '');
  const [active, setActive] = useState(user?.active ?? true);
  const create = useUserMutation(createUser);
  const update = useUserMutation(updateUser);
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  // An edit may leave the password empty (no change); anything typed must pass the policy.
  const passwordCheck = usePasswordProblems(password, { userInputs: [username, email] });
  const passwordProblem = passwordCheck.problems.join(' ');

  const canSave =
    passwordProblem === '' &&
    (user
      ? password !== '' ||
        (role !== '' && role !== user.role) ||
        (email !== '' && email !== user.email) ||
        active !== user.active
      : username.trim() !== '' && password !== '' && email.trim() !== '' && role !== '');

  const save = () => {
    const done = () => {
      notify(user ? `User ${username} was updated.` : `User ${username} was created.`);
      onClose();
    };
    if (user) {
      update.mutate(
        { username: user.username, password, email: email || undefined, role: role || undefined, active },
        { onSuccess: done },
      );
    } else {
      create.mutate(
        { username: username.trim(), password, email: email.trim(), role: role as Role, active },
        { onSuccess: done },
      );
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.default } } }}
    >
      <DialogTitle id={titleId}>{user ? `Edit User ${user.username}` : 'Create New User'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Username"
            required
            value={username}
            disabled={user !== null}
            onChange={(e) => setUsername(e.target.value)}
            autoFocus={!user}
          />
          <TextField
            label="Password"
            type="password"
            required={!user}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordProblem !== ''}
            helperText={
              passwordProblem || (user ? 'Leave blank to keep the current password.' : 'At least 12 characters.')
            }
          />
          <TextField label="E-mail" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField select label="Role" required value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label="Active"
          />
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!canSave} loading={saving} onClick={save}>
          {user ? 'Update' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
