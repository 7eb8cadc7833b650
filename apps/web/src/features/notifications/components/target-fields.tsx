import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NOTIFICATION_TARGET_FAMILIES } from '@ed/contract/notifications';
import { useCities, useCountries, useRegions } from '../api/notifications';

export interface TargetValues {
  family: string;
  country: string;
  region: string;
  city: string;
}

/** Step 3: family, country, and optional region and city; changing a level clears the ones below it. */
export function TargetFields({ value, onChange }: { value: TargetValues; onChange: (value: TargetValues) => void }) {
  const countries = useCountries();
  const regions = useRegions(value.country);
  const cities = useCities(value.country, value.region);
  const none = (
    <MenuItem value="">
      <em>Any</em>
    </MenuItem>
  );
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        select
        required
        label="Target Family"
        value={value.family}
        onChange={(e) => onChange({ ...value, family: e.target.value })}
      >
        {NOTIFICATION_TARGET_FAMILIES.map((family) => (
          <MenuItem key={family} value={family}>
            {family}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label="Target Country"
        value={value.country}
        onChange={(e) => onChange({ ...value, country: e.target.value, region: '', city: '' })}
        helperText={
          countries.isFetching
            ? 'Loading countries…'
            : countries.data?.length === 0
              ? 'No unit has a known country yet.'
              : ' '
        }
      >
        {(countries.data ?? []).map((c) => (
          <MenuItem key={c.countryCode} value={c.countryName}>
            {c.countryName}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Target Region"
        value={value.region}
        disabled={value.country === ''}
        onChange={(e) => onChange({ ...value, region: e.target.value, city: '' })}
        helperText={regions.isFetching ? 'Loading regions…' : 'Optional'}
      >
        {none}
        {(regions.data ?? []).map((r) => (
          <MenuItem key={r.region} value={r.region}>
            {r.region}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Target City"
        value={value.city}
        disabled={value.region === ''}
        onChange={(e) => onChange({ ...value, city: e.target.value })}
        helperText={cities.isFetching ? 'Loading cities…' : 'Optional'}
      >
        {none}
        {(cities.data ?? []).map((c) => (
          <MenuItem key={c.city} value={c.city}>
            {c.city}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
