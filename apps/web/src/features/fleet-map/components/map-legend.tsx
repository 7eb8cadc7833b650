import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { legendEntries } from '../utils/shading';

/** What each shade means, in units per country, up to the decade of the largest country. */
export function MapLegend({ largest }: { largest: number }) {
  return (
    <Stack
      component="ul"
      aria-label="Legend: units per country"
      direction="row"
      spacing={2}
      sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap', alignItems: 'center' }}
    >
      {legendEntries(largest).map((entry) => (
        <Stack component="li" key={entry.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{ width: 16, height: 12, bgcolor: entry.color, border: '1px solid', borderColor: 'grey.500' }}
          />
          <Typography variant="body2">{entry.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
