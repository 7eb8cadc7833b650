import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { equipmentInCountryPath } from '../../../shared/lib/app-links';
import { useFleetMapRegions } from '../api/fleet-map';
import { countryName } from '../utils/country-codes';
import { countsText } from '../utils/shading';

const number = new Intl.NumberFormat('en-US');

/** The regions of the country zoomed into, the largest first, with a way back to the world. */
export function RegionPanel({ countryCode, onBack }: { countryCode: string; onBack: () => void }) {
  const regions = useFleetMapRegions(countryCode);
  const name = countryName(countryCode);
  const data = regions.data;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          Regions of {name}
        </Typography>
        {data ? <Typography color="text.secondary">{countsText(data)}</Typography> : null}
        <Button variant="outlined" size="small" onClick={onBack}>
          Back to the world map
        </Button>
        <Link component={RouterLink} to={equipmentInCountryPath(countryCode)}>
          Equipment in {name}
        </Link>
      </Stack>
      {regions.isError ? <Alert severity="error">{errorMessage(regions.error)}</Alert> : null}
      {data && data.total === 0 ? <Typography>No units in {name}.</Typography> : null}
      {data && data.total > 0 ? (
        <Table size="small" aria-label={`Units per region of ${name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Region</TableCell>
              <TableCell align="right">Connected</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell sx={{ width: '40%' }}>Share of the country</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.regions.map((region) => (
              <TableRow key={region.region ?? ''}>
                <TableCell component="th" scope="row">
                  {region.region ?? 'No region'}
                </TableCell>
                <TableCell align="right">{number.format(region.connected)}</TableCell>
                <TableCell align="right">{number.format(region.total)}</TableCell>
                <TableCell>
                  <LinearProgress
                    variant="determinate"
                    value={(100 * region.total) / data.total}
                    aria-label={`${region.region ?? 'No region'}: share of ${name}'s units`}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Stack>
  );
}
