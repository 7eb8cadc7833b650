import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { deleteEquipment, equipmentKeys } from '../../../shared/equipment/api/equipment';

/** Delete Equipment (part 1 §2): asks first; the list reloads after the server deleted the unit. */
export function DeleteEquipmentDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const queryClient = useQueryClient();
  const { notify, alert } = useNotice();
  const remove = useMutation({
    mutationFn: () => deleteEquipment(serialNumber),
    onSuccess: async ({ message }) => {
      notify(message);
      onClose();
      queryClient.removeQueries({ queryKey: equipmentKeys.detail(serialNumber) });
      await queryClient.invalidateQueries({ queryKey: equipmentKeys.lists() });
    },
    onError: (error) => alert(errorMessage(error), 'error'),
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Delete Equipment</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{`Are you sure you want to delete ${serialNumber}?`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          No
        </Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => remove.mutate()}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
