import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { ROLE_LABELS, type SessionUser } from '@ed/contract/roles';
import { CenteredCard } from '../../../shared/components/centered-card';
import { useSignOut } from '../api/sign-out';
import { AddFactorActions } from './add-factor-actions';

const ENROLMENT_TITLE = 'Set up two-step sign-in';

/**
 * What a session that must enrol a second factor sees instead of the console (its role is in the
 * server's MFA_REQUIRED_ROLES and it has none): why, the two ways to add one, and Sign out. The
 * server answers nothing else to it. `onDone` opens the console once a factor is in and its
 * recovery codes are put away.
 */
export function EnrolmentPage({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const signOut = useSignOut();
  return (
    <CenteredCard title={ENROLMENT_TITLE}>
      <Stack spacing={2}>
        <Typography>
          Your role ({ROLE_LABELS[user.role]}) needs a second factor: after your password, sign-in will also ask for a
          code from an authenticator app or for a passkey. Add one to open the console.
        </Typography>
        <AddFactorActions username={user.username} onDone={onDone} />
        <Typography variant="body2" color="text.secondary">
          Signed in as {user.username}.
        </Typography>
        <Button
          variant="text"
          startIcon={<LogoutIcon />}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
          sx={{ alignSelf: 'flex-start' }}
        >
          Sign out
        </Button>
      </Stack>
    </CenteredCard>
  );
}
