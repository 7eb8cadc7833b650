import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { spanOf, type TrendSpanKey } from '../utils/trend-window';
import { TrendGraph } from './trend-graph';

/**
 * /graph: the trend graph alone, to be embedded (TrendChart does). The span and the window's end
 * are in the address (`?span=1w&end=…`), so a zoomed view can be linked.
 */
export function GraphPage() {
  const [params, setParams] = useSearchParams();
  const span = spanOf(params.get('span')).key;
  const endParam = Number(params.get('end'));
  const end = Number.isFinite(endParam) && endParam > 0 ? endParam : null;
  const change = (nextSpan: TrendSpanKey, nextEnd: number | null) => {
    const next = new URLSearchParams({ span: nextSpan });
    if (nextEnd !== null) next.set('end', String(Math.round(nextEnd)));
    setParams(next, { replace: true });
  };
  return (
    <Box component="main" sx={{ p: 2 }}>
      <title>Connected equipment trend</title>
      <TrendGraph span={span} end={end} onChange={change} />
    </Box>
  );
}
