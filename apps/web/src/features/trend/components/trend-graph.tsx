import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import dayjs from 'dayjs';
import type { TrendResolution } from '@ed/contract/trend';
import { errorMessage } from '../../../shared/api/http';
import { useConnectionHistory, useFollowConnections } from '../api/connection-history';
import { TREND_SPANS, zoomed, type TrendSpanKey } from '../utils/trend-window';

const TICK_FORMAT: Record<TrendResolution, string> = { minute: 'HH:mm', hour: 'MMM D HH:mm', day: 'MMM D, YYYY' };

export interface TrendGraphProps {
  span: TrendSpanKey;
  /** End of the window in ms, or null to follow live. */
  end: number | null;
  onChange: (span: TrendSpanKey, end: number | null) => void;
}

/**
 * Connected equipment over time: the average per bucket, with the least and the most. Zooming
 * (6 hours to a year) reads coarser or finer buckets from the server; following live re-reads
 * as new samples arrive.
 */
export function TrendGraph({ span, end, onChange }: TrendGraphProps) {
  const spanMs = TREND_SPANS.find((s) => s.key === span)!.ms;
  const history = useConnectionHistory(spanMs, end);
  const [latest, setLatest] = useState<{ at: number; connected: number } | null>(null);
  useFollowConnections(end === null, (at, connected) => setLatest({ at, connected }));
  const data = history.data;
  const series = useMemo(() => {
    const stored = data?.points ?? [];
    const last = stored.at(-1);
    // The pushed count is newer than any stored bucket until the next sample is rolled up.
    const pushed =
      end === null && latest && (!last || latest.at > Date.parse(last.at))
        ? [
            {
              at: new Date(latest.at).toISOString(),
              min: latest.connected,
              max: latest.connected,
              avg: latest.connected,
            },
          ]
        : [];
    const points = [...stored, ...pushed];
    return {
      axisEnd: Math.max(data?.to ?? 0, ...pushed.map((p) => Date.parse(p.at))),
      at: points.map((p) => new Date(p.at)),
      min: points.map((p) => p.min),
      max: points.map((p) => p.max),
      avg: points.map((p) => p.avg),
    };
  }, [data, latest, end]);
  const resolution = data?.resolution ?? 'minute';
  // Marks make a sparse series readable; on a dense one they would only hide the line.
  const showMark = series.at.length <= 48;
  const move = (direction: -1 | 1) => {
    const next = (data?.to ?? end ?? Date.now()) + (direction * spanMs) / 2;
    onChange(span, next >= Date.now() ? null : next);
  };
  const zoom = (step: -1 | 1) => {
    const next = zoomed(span, step);
    if (next) onChange(next, end);
  };

  return (
    <Stack spacing={1} component="section" aria-label="Connected equipment over time">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={span}
          aria-label="Time span"
          onChange={(_e, value: TrendSpanKey | null) => value && onChange(value, end)}
        >
          {TREND_SPANS.map((s) => (
            <ToggleButton key={s.key} value={s.key} aria-label={s.label}>
              {s.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button size="small" onClick={() => zoom(-1)} disabled={!zoomed(span, -1)}>
          Zoom in
        </Button>
        <Button size="small" onClick={() => zoom(1)} disabled={!zoomed(span, 1)}>
          Zoom out
        </Button>
        <Button size="small" onClick={() => move(-1)}>
          Earlier
        </Button>
        <Button size="small" onClick={() => move(1)} disabled={end === null}>
          Later
        </Button>
        <Button size="small" variant={end === null ? 'contained' : 'outlined'} onClick={() => onChange(span, null)}>
          {end === null ? 'Following live' : 'Follow live'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {data
          ? `${dayjs(data.from).format('YYYY-MM-DD HH:mm')} to ${dayjs(data.to).format('YYYY-MM-DD HH:mm')}, one point per ${resolution}, ${series.at.length} ${series.at.length === 1 ? 'point' : 'points'}`
          : 'Loading the history…'}
      </Typography>
      {history.isFetching ? <LinearProgress aria-label="Loading the history" /> : <Box sx={{ height: 4 }} />}
      {history.error ? <Alert severity="error">{errorMessage(history.error)}</Alert> : null}
      {data && series.at.length === 0 ? (
        <Alert severity="info">No samples in this window.</Alert>
      ) : (
        <LineChart
          height={420}
          skipAnimation
          xAxis={[
            {
              data: series.at,
              scaleType: 'time',
              min: data?.from,
              max: series.axisEnd,
              valueFormatter: (value: Date) => dayjs(value).format(TICK_FORMAT[resolution]),
            },
          ]}
          yAxis={[{ min: 0, max: Math.max(1, ...series.max), tickMinStep: 1, label: 'Connected units' }]}
          series={[
            { id: 'max', label: 'Most', data: series.max, showMark, color: '#90caf9' },
            { id: 'avg', label: 'Average', data: series.avg, showMark, color: '#1565c0' },
            { id: 'min', label: 'Least', data: series.min, showMark, color: '#ef6c00' },
          ]}
        />
      )}
    </Stack>
  );
}
