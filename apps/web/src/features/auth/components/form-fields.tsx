import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'username' | 'current-password' | 'new-password';
  autoFocus?: boolean;
  /** Shown under the field, which is then marked invalid. */
  problem?: string;
  readOnly?: boolean;
}

/** A text or password field of the sign-in and password forms; the autoComplete hint decides which. */
export function AuthField({ label, value, onChange, autoComplete, autoFocus, problem, readOnly }: FieldProps) {
  const showsProblems = autoComplete === 'new-password';
  return (
    <TextField
      label={label}
      type={autoComplete === 'username' ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      value={value}
      error={Boolean(problem)}
      // Space keeps the form from jumping when a problem appears under a new password.
      helperText={problem || (showsProblems ? ' ' : undefined)}
      slotProps={{ htmlInput: { readOnly } }}
      onChange={(e) => onChange(e.target.value)}
    />
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
