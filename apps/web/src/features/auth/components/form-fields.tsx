import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'username' | 'current-password' | 'new-password' | 'one-time-code';
  autoFocus?: boolean;
  /** Shown under the field, which is then marked invalid. */
  problem?: string;
  /** Shown under the field when there is no problem to show. */
  hint?: string;
  readOnly?: boolean;
}

/**
 * A text or password field of the sign-in and password forms; the autoComplete hint decides which
 * (a one-time code is text, with the phone's number pad).
 * Built from the outlined input's parts rather than TextField, whose select mode would bring menus,
 * popovers and modals into the sign-in page's download.
 */
export function AuthField({ label, value, onChange, autoComplete, autoFocus, problem, hint, readOnly }: FieldProps) {
  const id = useId();
  const showsProblems = autoComplete === 'new-password';
  // Space keeps the form from jumping when a problem appears under a new password.
  const helper = problem || hint || (showsProblems ? ' ' : undefined);
  const code = autoComplete === 'one-time-code';
  return (
    <FormControl variant="outlined" error={Boolean(problem)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={autoComplete === 'username' || code ? 'text' : 'password'}
        autoComplete={autoComplete}
        inputProps={code ? { inputMode: 'numeric', spellCheck: false, autoCapitalize: 'none' } : undefined}
        autoFocus={autoFocus}
        value={value}
        readOnly={readOnly}
        aria-describedby={helper ? `${id}-helper` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {helper && <FormHelperText id={`${id}-helper`}>{helper}</FormHelperText>}
    </FormControl>
  );
}

/** A link between the public screens. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} variant="body2">
      {children}
    </Link>
  );
}
