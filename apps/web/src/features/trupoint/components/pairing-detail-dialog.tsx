import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '@ed/contract/constants';
import type { Pairing } from '@ed/contract/trupoint';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Typography component="p" sx={{ mb: 0.5 }}>
      <strong>{label}:</strong> {value}
    </Typography>
  );
}

/** A pairing's detail (part 2 §2): its fields, and the calibrations or 'NO CALIBRATIONS'. */
export function PairingDetailDialog({ pairing, onClose }: { pairing: Pairing; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Pairing {pairing.alignmentId}</DialogTitle>
      <DialogContent>
        <Field label="Vendor" value={pairing.vendor} />
        <Field label="Vendor Key" value={pairing.vendorKey} />
        <Field label="Alignment ID" value={pairing.alignmentId} />
        <Field label="Tru-Point Serial Number" value={pairing.truPointSerialNumber} />
        {pairing.state === 'active' && (
          <Field label="Updated At" value={dayjs(pairing.updatedAt).format(DATE_TIME_FORMAT)} />
        )}
        {pairing.state === 'aborted' && <Field label="Reason" value={pairing.reason ?? 'None'} />}
        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          Calibrations
        </Typography>
        {pairing.calibrations.length === 0 ? (
          <Typography color="text.secondary">NO CALIBRATIONS</Typography>
        ) : (
          <Table size="small" aria-label="Calibrations">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Passed</TableCell>
                <TableCell>Report Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pairing.calibrations.map((c) => (
                <TableRow key={c.name}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell>{c.state}</TableCell>
                  <TableCell>{c.passed ? 'Yes' : 'No'}</TableCell>
                  <TableCell>{c.reportMessage ?? 'None'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
