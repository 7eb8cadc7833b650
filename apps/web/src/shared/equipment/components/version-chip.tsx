import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { versionStatus } from '../lib/equipment-text';

const COLORS = { current: 'success', older: 'error', unknown: 'default' } as const;

/** A unit's software version: green when current, red when older than its family's latest, neutral when unknown. */
export function VersionChip({ version, latest }: { version: string | null | undefined; latest: string | null }) {
  const status = versionStatus(version, latest);
  // Colour alone does not reach everyone, so the tooltip and the accessible description say it in words.
  const meaning =
    status === 'current'
      ? 'Up to date'
      : status === 'older'
        ? `Older than the latest (${String(latest)})`
        : 'The latest version is not known';
  return (
    <Tooltip title={meaning}>
      <Chip
        size="small"
        label={version ?? 'unknown'}
        color={COLORS[status]}
        aria-description={meaning}
        data-status={status}
      />
    </Tooltip>
  );
}
