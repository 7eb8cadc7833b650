import Chip from '@mui/material/Chip';
import { ALARM_SEVERITY_LABELS, type AlarmSeverity } from '@ed/contract/alarms';

const COLORS: Record<AlarmSeverity, 'error' | 'warning' | 'info' | 'default'> = {
  critical: 'error',
  major: 'warning',
  minor: 'info',
  warning: 'default',
};

/** A severity, colored as ThingsBoard and most consoles do: critical red, major orange. */
export function SeverityChip({ severity }: { severity: AlarmSeverity }) {
  return <Chip size="small" color={COLORS[severity]} label={ALARM_SEVERITY_LABELS[severity]} />;
}
