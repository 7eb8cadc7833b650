import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { CommandResponse } from '@ed/contract/commands';
import { errorMessage } from '../../api/http';
import { useNotice } from '../../components/notice-context';
import { commandRoute, useUnitCommand, type CommandArgs, type CommandName } from '../api/commands';
import type { ControlState } from '../lib/control-state';

export const NOT_CONNECTED_REASON = 'The unit is not connected.';
const NOT_SUPPORTED_REASON = 'This unit does not support it.';

/** The alert texts of part 1 §8; on failure the server's reason follows, since the original hid it. */
const SPEC_TEXTS: Partial<Record<CommandName, { success: string; failure: string }>> = {
  clear_pending_updates: { success: 'Pending updates cleared.', failure: 'Pending updates could not be cleared.' },
  set_target_eol_types: { success: 'Target type changed!', failure: 'Target type could not be changed!' },
};

/**
 * Runs one command with the notices of part 1 §8: the spec's texts where it has them, the opened
 * port as an alert, a short notice for the rest, and the server's message for every failure.
 */
export function useCommandRunner(
  command: CommandName,
  serialNumber: string,
  onSuccess?: (response: CommandResponse) => void,
) {
  const mutation = useUnitCommand(command, serialNumber);
  const { notify, alert } = useNotice();
  const { label } = commandRoute(command);
  const texts = SPEC_TEXTS[command];

  const notices = {
    onSuccess: (response: CommandResponse) => {
      if (texts) alert(texts.success);
      else if (command === 'open_ssh_port') alert(`Port ${String(response.result.port)} is open on ${serialNumber}.`);
      else notify(`${label}: done on ${serialNumber}.`);
      onSuccess?.(response);
    },
    onError: (error: unknown) =>
      alert(texts ? `${texts.failure} ${errorMessage(error)}` : errorMessage(error), 'error'),
  };
  const run = (args?: CommandArgs) => mutation.mutate(args, notices);
  /** The same, as a promise a form waits on; the notices are the same, and a failure rejects. */
  const runAsync = (args?: CommandArgs) => mutation.mutateAsync(args, notices);
  return { run, runAsync, pending: mutation.isPending };
}

export interface GatedButtonProps {
  state: ControlState;
  connected: boolean;
  pending?: boolean;
  /** The reason a disabled button gives instead of the default, e.g. for the buttons off for everyone. */
  offReason?: string;
  onClick: () => void;
  children: ReactNode;
}

/** A detail button under a gate: absent when the role may not use it, disabled with the reason when the unit cannot. */
export function GatedButton({ state, connected, pending = false, offReason, onClick, children }: GatedButtonProps) {
  if (state === 'hidden') return null;
  const reason = state === 'disabled' ? (offReason ?? NOT_SUPPORTED_REASON) : connected ? '' : NOT_CONNECTED_REASON;
  const button = (
    <Button variant="outlined" size="small" loading={pending} disabled={Boolean(reason)} onClick={onClick}>
      {children}
    </Button>
  );
  if (!reason) return button;
  return (
    <Tooltip title={reason}>
      <span>{button}</span>
    </Tooltip>
  );
}

export interface CommandButtonProps {
  command: CommandName;
  serialNumber: string;
  state: ControlState;
  connected: boolean;
  offReason?: string;
  label?: string;
  args?: CommandArgs;
  onSuccess?: (response: CommandResponse) => void;
}

/** A button that sends one command and shows a loading state until the unit answers. */
export function CommandButton({ command, serialNumber, label, args, onSuccess, ...gate }: CommandButtonProps) {
  const runner = useCommandRunner(command, serialNumber, onSuccess);
  return (
    <GatedButton {...gate} pending={runner.pending} onClick={() => runner.run(args)}>
      {label ?? commandRoute(command).label}
    </GatedButton>
  );
}
