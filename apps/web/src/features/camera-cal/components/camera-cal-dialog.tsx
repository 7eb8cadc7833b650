import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@ed/contract/constants';
import type { CameraCalRecord } from '@ed/contract/camera-cal';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';
import { BoardDetails } from './board-details';

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2">
      <Typography component="span" variant="body2" color="text.secondary">
        {label}:{' '}
      </Typography>
      {value}
    </Typography>
  );
}

/** Every value of one calibration record (part 2 §2), 1100 px wide. */
export function CameraCalDialog({ record, onClose }: { record: CameraCalRecord; onClose: () => void }) {
  const titleId = useId();
  const sides = [
    ['Left', record.LeftBoards],
    ['Right', record.RightBoards],
  ] as const;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTH.cameraCalibration } } }}
    >
      <DialogTitle id={titleId}>Camera calibration of {record.serialNumber}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 0.5, mb: 2 }}>
          <Summary label="Operator" value={record.Operator} />
          <Summary label="Version" value={record.Version} />
          <Summary label="Date" value={formatDateTime(record.Date)} />
          <Summary label="Accelerometer calibration time" value={formatDateTime(record.AccelCalTime)} />
          <Summary label="Camera to accelerometer calibration time" value={formatDateTime(record.CCS_ACSTime)} />
          <Summary label="Camera calibration time" value={formatDateTime(record.camCalTime)} />
        </Stack>
        <Stack spacing={2}>
          {sides.map(([side, boards]) =>
            boards.length === 0 ? (
              <Typography key={side} color="text.secondary">
                No {side.toLowerCase()} boards
              </Typography>
            ) : (
              boards.map((board, index) => (
                <BoardDetails key={`${side}${index}`} side={side} index={index} board={board} />
              ))
            ),
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
