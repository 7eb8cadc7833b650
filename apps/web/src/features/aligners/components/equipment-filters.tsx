import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FAMILIES, type Family } from '@ed/contract/families';

export interface EquipmentFilterValues {
  countryCode: string;
  softwareVersion: string;
  family: Family | '';
  serialNumber: string;
}

export const NO_FILTERS: EquipmentFilterValues = { countryCode: '', softwareVersion: '', family: '', serialNumber: '' };

interface EquipmentFiltersProps {
  value: EquipmentFilterValues;
  onChange: (value: EquipmentFilterValues) => void;
}

/**
 * The four filter boxes of the equipment list (part 1 §2). Input is kept to what the server
 * accepts (two letters, nine serial characters), so typing cannot produce a refused call.
 */
/** Keeps only the characters `allowed` matches, at most `max`, upper-cased. */
const keep = (text: string, allowed: RegExp, max: number) => text.replace(allowed, '').slice(0, max).toUpperCase();

/** `value` as the boxes let it be typed, for filters read from the address. */
export const keptFilters = (value: EquipmentFilterValues): EquipmentFilterValues => ({
  countryCode: keep(value.countryCode, /[^a-z]/gi, 2),
  softwareVersion: value.softwareVersion.slice(0, 32),
  family: (FAMILIES as readonly string[]).includes(value.family) ? value.family : '',
  serialNumber: keep(value.serialNumber, /[^a-z0-9]/gi, 9),
});

export function EquipmentFilters({ value, onChange }: EquipmentFiltersProps) {
  const set = (patch: Partial<EquipmentFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} role="search" aria-label="Filters">
      <TextField
        size="small"
        label="Country Code"
        value={value.countryCode}
        onChange={(e) => set({ countryCode: keep(e.target.value, /[^a-z]/gi, 2) })}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <TextField
        size="small"
        label="Software Version"
        value={value.softwareVersion}
        onChange={(e) => set({ softwareVersion: e.target.value.slice(0, 32) })}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <TextField
        size="small"
        select
        label="Family"
        value={value.family}
        onChange={(e) => set({ family: e.target.value as Family | '' })}
        sx={{ minWidth: 160 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">all</MenuItem>
        {FAMILIES.map((family) => (
          <MenuItem key={family} value={family}>
            {family}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Serial Number"
        value={value.serialNumber}
        onChange={(e) => set({ serialNumber: keep(e.target.value, /[^a-z0-9]/gi, 9) })}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
    </Stack>
  );
}
