import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '@ed/contract/constants';
import { createVendorRequestSchema } from '@ed/contract/trupoint';
import { errorMessage } from '../../../shared/api/http';
import { FormDialog } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { TOLD_BY_NOTICE } from '../../../shared/components/use-zod-form';
import { createVendor, createVendorKey, revokeVendorKey, useVendors, vendorKeys } from '../api/vendors';

const when = (iso: string) => dayjs(iso).format(DATE_TIME_FORMAT);

/** Add Vendor: a name the contract accepts (createVendorRequestSchema); the notice tells how it went. */
function AddVendorDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { notify, alert } = useNotice();
  const add = useMutation({
    mutationFn: createVendor,
    onSuccess: async ({ message }) => {
      notify(message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: vendorKeys });
    },
    onError: (error) => alert(errorMessage(error), 'error'),
  });
  return (
    <FormDialog
      title="Add Vendor"
      width="sm"
      schema={createVendorRequestSchema}
      defaultValues={{ name: '' }}
      submitLabel="Add"
      onSubmit={({ name }) => add.mutateAsync(name)}
      errorText={TOLD_BY_NOTICE}
      onClose={onClose}
    >
      <FormTextField
        name="name"
        label="Vendor Name"
        autoFocus
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 64 } }}
      />
    </FormDialog>
  );
}

/** The new key, shown once: only its hash is kept, so it cannot be shown again. */
function NewKeyDialog({ vendor, apiKey, onClose }: { vendor: string; apiKey: string; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>API key for {vendor}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Give this key to the vendor now; it is not shown again. Their shop system sends it in the x-vendor-api-key
          header.
        </DialogContentText>
        <TextField
          label="API key"
          value={apiKey}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true }, input: { sx: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Vendors and their API keys (admin): add a vendor, issue a key, revoke one. */
export function VendorsTab() {
  const vendors = useVendors();
  const queryClient = useQueryClient();
  const { notify, alert } = useNotice();
  const [adding, setAdding] = useState(false);
  const [issued, setIssued] = useState<{ vendor: string; apiKey: string } | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: vendorKeys });
  const issue = useMutation({
    mutationFn: createVendorKey,
    onSuccess: async (answer) => {
      setIssued({ vendor: answer.vendor, apiKey: answer.apiKey });
      await reload();
    },
    onError: (error) => alert(errorMessage(error), 'error'),
  });
  const revoke = useMutation({
    mutationFn: revokeVendorKey,
    onSuccess: async ({ message }) => {
      notify(message);
      await reload();
    },
    onError: (error) => alert(errorMessage(error), 'error'),
  });

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add Vendor
        </Button>
      </Box>
      {vendors.isError && <Alert severity="error">{errorMessage(vendors.error)}</Alert>}
      <Table size="small" aria-label="Vendors">
        <TableHead>
          <TableRow>
            <TableCell>Vendor</TableCell>
            <TableCell>API Keys</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {vendors.data?.map((vendor) => (
            <TableRow key={vendor.name}>
              <TableCell>{vendor.name}</TableCell>
              <TableCell>
                {vendor.keys.length === 0 && 'None'}
                {vendor.keys.map((key) => (
                  <Box key={key.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <code>{key.prefix}…</code>
                    <span>{key.revokedAt ? `revoked ${when(key.revokedAt)}` : `issued ${when(key.createdAt)}`}</span>
                    {!key.revokedAt && (
                      <Button size="small" color="error" onClick={() => revoke.mutate(key.id)}>
                        Revoke {key.prefix}
                      </Button>
                    )}
                  </Box>
                ))}
              </TableCell>
              <TableCell>
                <Button size="small" loading={issue.isPending} onClick={() => issue.mutate(vendor.name)}>
                  Issue API Key
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {adding && <AddVendorDialog onClose={() => setAdding(false)} />}
      {issued && <NewKeyDialog vendor={issued.vendor} apiKey={issued.apiKey} onClose={() => setIssued(null)} />}
    </>
  );
}
