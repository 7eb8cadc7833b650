import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReleaseTrust } from '@ed/contract/release-verification';
import { FileChoice } from '../../../shared/components/file-choice';
import { useSubmission } from '../../../shared/components/use-zod-form';
import { useReleaseTrust, useRotateRoot } from '../api/release-trust';

const day = (iso: string) => iso.slice(0, 10);
const OUTCOMES = {
  pinned: 'The root is pinned.',
  rotated: 'The new root is trusted: units take it with their next update.',
  unchanged: 'That root is not newer than the trusted one; nothing changed.',
};

function summary(trust: ReleaseTrust): string {
  if (!trust.root) return 'No release root is trusted yet: signed packages cannot be checked.';
  const roles = trust.roles
    .map((r) => `${r.role === 'release' ? 'a release' : 'a new root'} needs ${r.threshold} of ${r.keys} ${r.role} keys`)
    .join('; ');
  return `Root version ${trust.root.version}, expires ${day(trust.root.expires)}: ${roles}.`;
}

function KeysTable({ trust }: { trust: ReleaseTrust }) {
  const now = new Date().toISOString();
  return (
    <Table size="small" aria-label="Trusted release keys">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Roles</TableCell>
          <TableCell>Key ID</TableCell>
          <TableCell>Expires</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {trust.keys.map((key) => (
          <TableRow key={key.keyid}>
            <TableCell>{key.name}</TableCell>
            <TableCell>{key.roles.join(', ')}</TableCell>
            <TableCell title={key.keyid} sx={{ fontFamily: 'monospace' }}>
              {key.keyid.slice(0, 16)}…
            </TableCell>
            <TableCell>
              {day(key.expires)} {key.expires <= now && <Chip size="small" color="error" label="expired" />}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** An administrator trusts a new root.json made offline (npm run release:root). */
function RotateRoot() {
  const rotate = useRotateRoot();
  const { failure, run, clear } = useSubmission();
  const [fileName, setFileName] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const choose = (file: File | undefined) => {
    clear();
    setOutcome(null);
    setFileName(file?.name ?? null);
    if (!file) return;
    void run(async () => {
      let root: unknown;
      try {
        root = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not JSON.`);
      }
      const answer = await rotate.mutateAsync(root as Parameters<typeof rotate.mutateAsync>[0]);
      setOutcome(OUTCOMES[answer.outcome]);
    });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FileChoice
        accept=".json,application/json"
        buttonText="Trust a New Root"
        label="New root file (root.json)"
        fileName={fileName}
        onChoose={choose}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      {outcome && <Alert severity="success">{outcome}</Alert>}
    </Stack>
  );
}

/** The release keys packages are checked with (docs/signed-updates.md), from Software Versions. */
export function ReleaseKeysDialog({
  open,
  mayRotate,
  onClose,
}: {
  open: boolean;
  mayRotate: boolean;
  onClose: () => void;
}) {
  const trust = useReleaseTrust(open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Release Keys</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {trust.error && <Alert severity="error">{trust.error.message}</Alert>}
          {trust.data && (
            <>
              <Typography>{summary(trust.data)}</Typography>
              <Typography variant="body2">
                {trust.data.allowUnsigned
                  ? 'Unsigned packages are taken (ALLOW_UNSIGNED_UPDATES); units that pinned a root refuse them.'
                  : 'Unsigned packages are refused.'}
              </Typography>
              {trust.data.keys.length > 0 && <KeysTable trust={trust.data} />}
            </>
          )}
          {mayRotate && <RotateRoot />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
