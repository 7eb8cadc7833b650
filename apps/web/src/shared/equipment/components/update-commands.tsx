import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InstallDesktopOutlined from '@mui/icons-material/InstallDesktopOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Equipment } from '@ed/contract/equipment';
import { unitRules } from '@ed/contract/permissions';
import { TooltipIconButton } from '../../components/tooltip-icon-button';
import { commandRoute, type CommandName } from '../api/commands';
import { NOT_CONNECTED_REASON, useCommandRunner } from './command-button';

const UPDATE_COMMANDS = [
  ['check_now', CloudSyncOutlined],
  ['download_now', DownloadOutlined],
  ['install_now', InstallDesktopOutlined],
] as const;

function UpdateCommand({ command, serialNumber, icon: Icon, compact, offline }: UpdateCommandProps) {
  const runner = useCommandRunner(command, serialNumber);
  const { label } = commandRoute(command);
  if (compact) {
    return (
      <TooltipIconButton label={label} size="small" disabled={runner.pending} onClick={() => runner.run()}>
        {runner.pending ? <CircularProgress size={18} aria-label={`${label} running`} /> : <Icon fontSize="small" />}
      </TooltipIconButton>
    );
  }
  const button = (
    <Button
      size="small"
      variant="outlined"
      startIcon={<Icon />}
      loading={runner.pending}
      disabled={offline}
      onClick={() => runner.run()}
    >
      {label}
    </Button>
  );
  return offline ? (
    <Tooltip title={NOT_CONNECTED_REASON}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

interface UpdateCommandProps {
  command: CommandName;
  serialNumber: string;
  icon: typeof CloudSyncOutlined;
  compact: boolean;
  offline: boolean;
}

/**
 * Check Cloud, Download Updates and Install Updates, for software that reports update status (part 1 §6).
 * The detail's small icons appear only while the unit is connected (§2); a radar card keeps its
 * buttons in place and disables them, so the card does not change shape as units come and go.
 */
export function UpdateCommands({ unit, compact = false }: { unit: Equipment; compact?: boolean }) {
  if (!unitRules.updateStatus(unit) || (compact && !unit.connected)) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {UPDATE_COMMANDS.map(([command, icon]) => (
        <UpdateCommand
          key={command}
          command={command}
          serialNumber={unit.serialNumber}
          icon={icon}
          compact={compact}
          offline={!unit.connected}
        />
      ))}
    </Stack>
  );
}
