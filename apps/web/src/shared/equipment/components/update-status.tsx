import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { updateStateLabel, type UpdateState } from '@ed/contract/equipment';
import { bytesText, durationText, rateText } from '../lib/progress-text';

type Transfer = NonNullable<NonNullable<UpdateState['downloadProgress']['software']>>;
const PARTS = [
  ['software', 'Software'],
  ['specs', 'Specs'],
] as const;

function Bar({ label, value, children }: { label: string; value: number; children: ReactNode }) {
  const percent = Math.max(0, Math.min(100, value));
  return (
    <Box>
      <Typography variant="body2">{children}</Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ my: 0.5 }} />
    </Box>
  );
}

function DownloadBar({ part, transfer }: { part: string; transfer: Transfer }) {
  const file = transfer.fileProgress;
  return (
    <Bar label={`${part} download progress`} value={file.progress}>
      {`${part} download: ${transfer.currentFile}, files ${transfer.filesTransferred}/${transfer.totalFilesToTransfer}, `}
      {`${bytesText(file.bytesTransferred)} (${file.progress}%), ${rateText(file.transferRate)}, `}
      {`${durationText(file.estimatedTimeRemaining)} remaining`}
    </Bar>
  );
}

/** The update state of part 1 §4: its label, and a bar for each download and installation under way. */
export function UpdateStatus({ updateState }: { updateState: UpdateState | null }) {
  if (!updateState) {
    return <Typography variant="body2">Update State: unknown</Typography>;
  }
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        Update State: <strong data-testid="update-state">{updateStateLabel(updateState.state)}</strong>
      </Typography>
      {PARTS.map(([key, part]) => {
        const transfer = updateState.downloadProgress[key];
        return transfer ? <DownloadBar key={`d-${key}`} part={part} transfer={transfer} /> : null;
      })}
      {PARTS.map(([key, part]) => {
        const progress = updateState.installProgress[key];
        return progress === null || progress === undefined ? null : (
          <Bar key={`i-${key}`} label={`${part} install progress`} value={progress}>
            {`${part} install: ${progress}%`}
          </Bar>
        );
      })}
    </Stack>
  );
}
