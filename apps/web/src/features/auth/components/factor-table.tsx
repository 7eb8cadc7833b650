import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type { SecondFactor, SecondFactorKind } from '@ed/contract/second-factor';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';

export const KIND_LABELS: Record<SecondFactorKind, string> = {
  totp: 'Authenticator app',
  passkey: 'Passkey',
};

/** The user's second factors: kind, name, when added and last used, and Remove. */
export function FactorTable({
  factors,
  onRemove,
}: {
  factors: readonly SecondFactor[];
  onRemove: (factor: SecondFactor) => void;
}) {
  if (factors.length === 0) {
    return <Typography color="text.secondary">No second factor yet: you sign in with your password alone.</Typography>;
  }
  return (
    <Table size="small" aria-label="Second factors" sx={{ maxWidth: 900 }}>
      <TableHead>
        <TableRow>
          <TableCell>Kind</TableCell>
          <TableCell>Name</TableCell>
          <TableCell>Added</TableCell>
          <TableCell>Last used</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {factors.map((factor) => (
          <TableRow key={factor.id}>
            <TableCell>{KIND_LABELS[factor.kind]}</TableCell>
            <TableCell>{factor.name}</TableCell>
            <TableCell>{formatDateTime(factor.createdAt)}</TableCell>
            <TableCell>{factor.lastUsedAt ? formatDateTime(factor.lastUsedAt) : 'Never'}</TableCell>
            <TableCell align="right">
              <TooltipIconButton label={`Remove ${factor.name}`} onClick={() => onRemove(factor)}>
                <DeleteIcon />
              </TooltipIconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
