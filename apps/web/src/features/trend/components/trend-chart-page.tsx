import Box from '@mui/material/Box';

/** /TrendChart embeds the graph page served at /graph (part 2 §2). */
export function TrendChartPage() {
  return (
    <Box
      component="iframe"
      src="/graph"
      title="Connected equipment trend"
      sx={{ width: '100%', height: 600, border: 0 }}
    />
  );
}
