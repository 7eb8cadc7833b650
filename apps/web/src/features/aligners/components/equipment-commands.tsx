import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEFAULT_ELEVATION_MINUTES, ELEVATION_DURATIONS, durationLabel } from '@ed/contract/elevations';
import type { Equipment } from '@ed/contract/equipment';
import { hasPermission } from '@ed/contract/permissions';
import type { Role } from '@ed/contract/roles';
import { errorMessage } from '../../../shared/api/http';
import { ticketPath } from '../../../shared/lib/app-links';
import { useNotice } from '../../../shared/components/notice-context';
import { useCollectDiagnostics } from '../../../shared/equipment/api/diagnostics';
import { useElevations } from '../../../shared/equipment/api/elevations';
import { equipmentKeys } from '../../../shared/equipment/api/equipment';
import { reportKeys } from '../../../shared/equipment/api/reports';
import { controlState } from '../../../shared/equipment/lib/control-state';
import { logLevelToggle } from '../../../shared/equipment/lib/equipment-text';
import { CommandButton, GatedButton } from '../../../shared/equipment/components/command-button';
import type { StagingSlots } from './equipment-slots';
import type { UnitDialogKind } from './unit-dialogs';

/** The USB, Printer and Voltages buttons are off for everyone (part 1 §6). */
export const REPORTS_OFF = 'Not available.';

/** USB, Printer and Voltages: each asks the unit for its report, then shows it. */
const REPORT_COMMANDS = [
  ['get_usb_status', 'usbReport', 'usb'],
  ['get_printer_status', 'printerReport', 'printer'],
  ['get_voltages', 'voltagesReport', 'voltages'],
] as const;

export interface EquipmentCommandsProps {
  unit: Equipment;
  role: Role;
  onOpenDialog: (kind: UnitDialogKind | 'resetSerial' | 'changeTarget') => void;
  /** The latest software of the unit's family, for Stage {latest}. */
  latest?: string | null;
  /** The software feature's Stage/Unstage buttons, filled in by the app layer. */
  slots: StagingSlots;
}

/** The detail's command buttons in the order of part 1 §2, each under its gate of §6. */
export function EquipmentCommands({ unit, role, onOpenDialog, latest = null, slots }: EquipmentCommandsProps) {
  const { StagingButtons } = slots;
  const queryClient = useQueryClient();
  const collect = useCollectDiagnostics();
  const { notify } = useNotice();
  const navigate = useNavigate();
  const serialNumber = unit.serialNumber;
  const gate = (control: Parameters<typeof controlState>[1]) => ({
    state: controlState(role, control, unit),
    connected: unit.connected,
  });
  const logLevel = logLevelToggle(unit.logLevel);
  // How long Open Port, RCP and a raised log level last before the server reverts them.
  const [durationMinutes, setDuration] = useState<number>(DEFAULT_ELEVATION_MINUTES);
  const elevating = (['openPort', 'rcp', 'loggingLevel'] as const).some((c) => gate(c).state !== 'hidden');
  // An open port or an RCP session in force is ended from the button that raised it, as the log level is.
  const raised = new Set(useElevations(serialNumber).data?.map((e) => e.kind));

  return (
    // Buttons keep their own height beside the taller Elevate for field (its helper text).
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      role="group"
      aria-label="Commands"
    >
      {elevating && (
        <TextField
          select
          size="small"
          label="Elevate for"
          value={durationMinutes}
          onChange={(e) => setDuration(Number(e.target.value))}
          helperText="Open Port, RCP, Raise Log Level"
          sx={{ minWidth: 120 }}
        >
          {ELEVATION_DURATIONS.map((m) => (
            <MenuItem key={m} value={m}>
              {durationLabel(m)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {raised.has('sshPort') ? (
        <CommandButton serialNumber={serialNumber} {...gate('openPort')} command="close_ssh_port" />
      ) : (
        <CommandButton
          serialNumber={serialNumber}
          {...gate('openPort')}
          command="open_ssh_port"
          args={{ durationMinutes }}
        />
      )}
      <GatedButton {...gate('resetSerial')} onClick={() => onOpenDialog('resetSerial')}>
        Reset Serial
      </GatedButton>
      <CommandButton serialNumber={serialNumber} {...gate('activate')} command="activate" />
      {REPORT_COMMANDS.map(([command, control, kind]) => (
        <CommandButton
          key={command}
          serialNumber={serialNumber}
          {...gate(control)}
          offReason={REPORTS_OFF}
          command={command}
          onSuccess={() => onOpenDialog(kind)}
        />
      ))}
      <CommandButton
        serialNumber={serialNumber}
        {...gate('loggingLevel')}
        command="set_logging_level"
        label={logLevel.label}
        args={{ loggingLevel: logLevel.send, durationMinutes }}
        // The button flips as soon as the unit took the new level; the re-read that follows confirms it.
        onSuccess={() =>
          queryClient.setQueryData<Equipment>(equipmentKeys.detail(serialNumber), (old) =>
            old ? { ...old, logLevel: logLevel.send } : old,
          )
        }
      />
      {raised.has('rcp') ? (
        <CommandButton serialNumber={serialNumber} {...gate('rcp')} command="end_rcp" />
      ) : (
        <CommandButton serialNumber={serialNumber} {...gate('rcp')} command="rcp" args={{ durationMinutes }} />
      )}
      <GatedButton {...gate('changeTargets')} onClick={() => onOpenDialog('changeTarget')}>
        Change Targets
      </GatedButton>
      <CommandButton serialNumber={serialNumber} {...gate('clearUpdates')} command="clear_pending_updates" />
      <StagingButtons unit={unit} latest={latest} />
      <CommandButton
        serialNumber={serialNumber}
        {...gate('screenShot')}
        command="get_screen_shot"
        onSuccess={() => {
          void queryClient.invalidateQueries({ queryKey: reportKeys.screenShots(serialNumber) });
          onOpenDialog('screenShots');
        }}
      />
      <Button variant="outlined" size="small" onClick={() => onOpenDialog('supportTicket')}>
        Open Ticket
      </Button>
      {hasPermission(role, 'diagnostics.collect') && (
        <Button
          variant="outlined"
          size="small"
          loading={collect.isPending}
          onClick={() =>
            collect.mutate(
              { serialNumber },
              {
                onSuccess: (snapshot) =>
                  notify(
                    `Collecting diagnostics of ${serialNumber} into ticket ${snapshot.ticketId}: see its Diagnostics tab.`,
                    'success',
                    {
                      label: `Open ticket ${snapshot.ticketId}`,
                      href: ticketPath(snapshot.ticketId),
                      follow: (href) => void navigate(href),
                    },
                  ),
                onError: (err) => notify(errorMessage(err), 'error'),
              },
            )
          }
        >
          Collect diagnostics
        </Button>
      )}
    </Stack>
  );
}
