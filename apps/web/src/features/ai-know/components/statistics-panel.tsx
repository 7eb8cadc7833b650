import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AiStatistics } from '@ed/contract/assistant';
import { errorMessage } from '../../../shared/api/http';
import { useAiStatistics } from '../api/assistant';

const FIGURES: { key: keyof AiStatistics; label: string; decimals: number; unit?: string }[] = [
  { key: 'sessionCount', label: 'Total sessions', decimals: 0 },
  { key: 'openSessionCount', label: 'Open sessions', decimals: 0 },
  { key: 'averageConversationLength', label: 'Average queries per session', decimals: 3 },
  { key: 'queueAverage', label: 'Average queue wait', decimals: 3, unit: 's' },
  { key: 'inFlightAverage', label: 'Average engine response time', decimals: 3, unit: 's' },
];

/** The assistant's usage: counts, and averages with 3 decimals (part 2 §2). */
export function StatisticsPanel() {
  const statistics = useAiStatistics();
  if (statistics.error) return <Alert severity="error">{errorMessage(statistics.error)}</Alert>;
  if (!statistics.data) return <CircularProgress aria-label="Loading the statistics" />;
  const data = statistics.data;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap' }}
      component="dl"
      aria-label="Assistant statistics"
    >
      {FIGURES.map(({ key, label, decimals, unit }) => (
        // Each card is the one <div> a <dl> may hold around its term and value, so no inner wrapper.
        <Card key={key} variant="outlined" sx={{ minWidth: 200, p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0 }}>
            {data[key].toFixed(decimals)}
            {unit ? ` ${unit}` : ''}
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}
