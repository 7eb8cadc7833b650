import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import type { Family } from '@ed/contract/families';
import { useFieldProblem } from '../../../shared/components/form-context';
import { useLatestVersions } from '../../../shared/equipment/api/latest-versions';
import { useRolloutVersions } from '../api/rollouts';

/**
 * The version to roll out: typed, or picked from the family's published versions, newest first
 * (the server refuses a version that is not published).
 */
export function VersionField() {
  const { field } = useController({ name: 'version' });
  const family = useWatch({ name: 'family' }) as Family;
  const latest = useLatestVersions()[family];
  const value = (field.value as string | undefined) ?? '';
  // A version given (typed, or by the address) is judged at once: one not published says so here.
  const problem = useFieldProblem('version', value !== '');
  const published = useRolloutVersions(family).data?.versions.map((v) => v.semantic);
  const options = published ?? (latest ? [latest] : []);
  return (
    <Autocomplete
      freeSolo
      options={options}
      value={value}
      inputValue={value}
      onInputChange={(_, text) => field.onChange(text)}
      onChange={(_, chosen) => field.onChange(chosen ?? '')}
      sx={{ flex: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label="Version"
          required
          onBlur={field.onBlur}
          error={problem !== undefined}
          helperText={
            problem ?? (latest ? `Latest published: ${latest}` : 'No version of this family is published yet')
          }
        />
      )}
    />
  );
}
