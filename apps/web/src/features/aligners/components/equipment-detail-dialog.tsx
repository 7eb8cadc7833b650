import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Equipment } from '@ed/contract/equipment';
import { unitRules } from '@ed/contract/permissions';
import { errorMessage } from '../../../shared/api/http';
import { useSession } from '../../../shared/auth/use-session';
import { useLiveEvent } from '../../../shared/live/live-context';
import { equipmentKeys, useEquipment } from '../../../shared/equipment/api/equipment';
import { useLatestVersions } from '../../../shared/equipment/api/latest-versions';
import { ChangeTargetDialog } from './change-target-dialog';
import { ElevationStatus } from './elevation-status';
import { EquipmentCommands } from './equipment-commands';
import { EquipmentDetailHeader } from './equipment-detail-header';
import type { EquipmentSlots } from './equipment-slots';
import { EquipmentFields, Section } from '../../../shared/equipment/components/equipment-fields';
import { ResetSerialDialog } from './reset-serial-dialog';
import { UnitDialog, type UnitDialogKind } from './unit-dialogs';
import { UnitRefusalsNote } from './unit-refusals-note';
import { UpdateCommands } from '../../../shared/equipment/components/update-commands';
import { UpdateStatus } from '../../../shared/equipment/components/update-status';

export interface EquipmentDetailDialogProps {
  serialNumber: string;
  onClose: () => void;
  /** Reset Serial succeeded: the unit now answers to another serial number. */
  onSerialChanged: (newSerialNumber: string) => void;
}

type SubDialog = UnitDialogKind | 'resetSerial' | 'changeTarget' | null;

/**
 * The equipment detail (part 1 §2), kept fresh by a 5 s re-read and, for radar units, by live updates.
 * `slots` are the other features' pieces, filled in by the app layer.
 */
export function EquipmentDetailDialog({
  serialNumber,
  onClose,
  onSerialChanged,
  slots,
}: EquipmentDetailDialogProps & { slots: EquipmentSlots }) {
  const titleId = useId();
  const session = useSession();
  const queryClient = useQueryClient();
  const query = useEquipment(serialNumber);
  const latest = useLatestVersions();
  const [sub, setSub] = useState<SubDialog>(null);
  // Only a refresh the user asked for spins the button; the 5 s re-read happens quietly.
  const [refreshing, setRefreshing] = useState(false);
  const unit = query.data;

  useLiveEvent('RADAR_UPDATE_FAVORITE', (update) => {
    if (update.serialNumber === serialNumber)
      queryClient.setQueryData<Equipment>(equipmentKeys.detail(serialNumber), update);
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <EquipmentDetailHeader
        titleId={titleId}
        serialNumber={serialNumber}
        unit={unit}
        refreshing={refreshing}
        onRefresh={() => {
          setRefreshing(true);
          void query.refetch().finally(() => setRefreshing(false));
        }}
        onClose={onClose}
      />
      {/* Focusable: for a disconnected unit the content scrolls but holds no control to reach it. */}
      <DialogContent dividers aria-busy={query.isPending} tabIndex={0} role="region" aria-label="Unit details">
        {query.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : !unit ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, columnGap: 4 }}>
            <Box>
              <EquipmentFields unit={unit} latest={latest[unit.family]} />
            </Box>
            <Box>
              {unitRules.updateStatus(unit) ? (
                <Section title="Update State">
                  <UpdateStatus updateState={unit.updateState} />
                  <UpdateCommands unit={unit} compact />
                </Section>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  This unit&apos;s software does not report its update state.
                </Typography>
              )}
              <ElevationStatus serialNumber={unit.serialNumber} />
              {session && <UnitRefusalsNote serialNumber={unit.serialNumber} role={session.user.role} />}
              {query.isError && (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {`Showing the last known state: ${errorMessage(query.error)}`}
                </Alert>
              )}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        {unit && session ? (
          <EquipmentCommands
            unit={unit}
            role={session.user.role}
            onOpenDialog={setSub}
            latest={latest[unit.family]}
            slots={slots}
          />
        ) : (
          <span />
        )}
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
      {sub === 'resetSerial' && (
        <ResetSerialDialog
          serialNumber={serialNumber}
          onClose={() => setSub(null)}
          onChanged={(next) => {
            setSub(null);
            onSerialChanged(next);
          }}
        />
      )}
      {sub === 'changeTarget' && <ChangeTargetDialog serialNumber={serialNumber} onClose={() => setSub(null)} />}
      {sub && sub !== 'resetSerial' && sub !== 'changeTarget' && (
        <UnitDialog kind={sub} serialNumber={serialNumber} onClose={() => setSub(null)} slots={slots} />
      )}
    </Dialog>
  );
}
