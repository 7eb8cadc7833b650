import Alert from '@mui/material/Alert';
import { problemText } from '@ed/contract/device-errors';
import { hasPermission } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { useUnitRefusals } from '../api/unit-refusals';

/**
 * "Messages refused: 3, last: updateState: Must be an object…" — for an admin looking at a unit
 * whose firmware sends what the protocol does not allow (docs/device-protocol.md, "Refused messages").
 */
export function UnitRefusalsNote({ serialNumber, role }: { serialNumber: string; role: Role }) {
  const allowed = hasPermission(role, 'units.readRefusals');
  const refusals = useUnitRefusals(serialNumber, allowed).data;
  if (!allowed || !refusals?.last) return null;
  const { last } = refusals;
  return (
    <Alert severity="info" sx={{ mt: 2 }} aria-label="Messages refused">
      {`Messages refused: ${refusals.total}, last: ${last.problems.map(problemText).join('; ')} (on ${last.topic.split('/').pop() ?? ''}, ${new Date(last.at).toLocaleString()})`}
    </Alert>
  );
}
