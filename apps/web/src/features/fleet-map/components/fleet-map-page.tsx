import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/http';
import { useFleetMap, useLiveFleetMap } from '../api/fleet-map';
import { countryRows } from '../utils/sort-countries';
import { countryShapes } from '../utils/world-shapes';
import { CountryTable } from './country-table';
import { MapLegend } from './map-legend';
import { RegionPanel } from './region-panel';
import { WorldMap, type Counts } from './world-map';

const number = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/** The country zoomed into, from the address (?country=DE); anything else is the world. */
const zoomOf = (value: string | null): string | null =>
  value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;

/**
 * The Fleet Map screen (/FleetMap): connected and total units per country on a world map drawn in
 * the browser from shapes shipped with the app, the same counts as a sortable table, and one
 * country's regions when zoomed into (?country=DE). A country opens the equipment list filtered to
 * it. Counts follow the fleet live.
 */
export function FleetMapPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const zoom = zoomOf(params.get('country'));
  const world = useFleetMap();
  useLiveFleetMap();
  const shapes = useMemo(() => countryShapes(), []);
  const data = world.data;
  const counts = useMemo(() => new Map<string, Counts>((data?.countries ?? []).map((c) => [c.countryCode, c])), [data]);
  const rows = useMemo(() => countryRows(data?.countries ?? []), [data]);
  const largest = rows.reduce((max, row) => Math.max(max, row.total), 0);
  // Each zoom is a history entry: Back returns to the world. Stable, so the table is not drawn again.
  const setZoom = useCallback(
    (code: string | null) => void navigate({ search: code ? `?${new URLSearchParams({ country: code })}` : '' }),
    [navigate],
  );

  if (world.isError) return <Alert severity="error">{errorMessage(world.error)}</Alert>;
  if (!data) return <Typography color="text.secondary">Loading the map…</Typography>;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography>
        {plural(data.total, 'unit', 'units')} in {plural(rows.length, 'country', 'countries')},{' '}
        {number.format(data.connected)} connected.
        {data.unlocated.total > 0
          ? ` ${plural(data.unlocated.total, 'unit', 'units')} (${number.format(data.unlocated.connected)} connected) placed nowhere by their address.`
          : ''}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1 }}>
        <WorldMap shapes={shapes} counts={counts} focus={zoom} />
        <MapLegend largest={largest} />
      </Paper>
      {zoom ? <RegionPanel countryCode={zoom} onBack={() => setZoom(null)} /> : null}
      <CountryTable rows={rows} onZoom={setZoom} />
    </Stack>
  );
}
