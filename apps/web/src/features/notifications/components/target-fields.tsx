import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useFormContext, useWatch } from 'react-hook-form';
import { NOTIFICATION_TARGET_FAMILIES } from '@ed/contract/notifications';
import { FormTextField } from '../../../shared/components/form-fields';
import { SavedViewField } from '../../../shared/equipment/components/saved-view-field';
import { useCities, useCountries, useRegions } from '../api/notifications';

/**
 * Step 3: family, then a saved view or a place: country, and optional region and city. Changing a
 * level clears the ones below it; a view, whose units the notification goes to, clears the place.
 */
export function TargetFields() {
  const { setValue } = useFormContext();
  const [family, country, region, viewId] = useWatch({
    name: ['target.family', 'target.country', 'target.region', 'target.viewId'],
  }) as [string, string, string, '' | number];
  const byView = viewId !== '';
  const countries = useCountries();
  const regions = useRegions(country);
  const cities = useCities(country, region);
  const clear = (...names: string[]) => names.forEach((name) => setValue(name, ''));
  const none = (
    <MenuItem value="">
      <em>Any</em>
    </MenuItem>
  );
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField select required name="target.family" label="Target Family">
        {NOTIFICATION_TARGET_FAMILIES.map((family) => (
          <MenuItem key={family} value={family}>
            {family}
          </MenuItem>
        ))}
      </FormTextField>
      <SavedViewField
        name="target.viewId"
        family={family}
        helperText="Optional: its units of the family instead of a place"
        onChange={(chosen) => {
          if (chosen !== null) clear('target.country', 'target.region', 'target.city');
        }}
      />
      <FormTextField
        select
        required={!byView}
        disabled={byView}
        name="target.country"
        label="Target Country"
        onChange={() => clear('target.region', 'target.city')}
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
      </FormTextField>
      <FormTextField
        select
        name="target.region"
        label="Target Region"
        disabled={byView || country === ''}
        onChange={() => clear('target.city')}
        helperText={regions.isFetching ? 'Loading regions…' : 'Optional'}
      >
        {none}
        {(regions.data ?? []).map((r) => (
          <MenuItem key={r.region} value={r.region}>
            {r.region}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        select
        name="target.city"
        label="Target City"
        disabled={byView || region === ''}
        helperText={cities.isFetching ? 'Loading cities…' : 'Optional'}
      >
        {none}
        {(cities.data ?? []).map((c) => (
          <MenuItem key={c.city} value={c.city}>
            {c.city}
          </MenuItem>
        ))}
      </FormTextField>
    </Stack>
  );
}
