import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFieldProblem } from '../../../shared/components/form-context';
import { FormCheckbox, FormTextField } from '../../../shared/components/form-fields';
import { TooltipIconButton } from '../../../shared/components/tooltip-icon-button';
import { sizeOf, withSize, type WaveRowValues, type WaveSize } from '../utils/wizard-values';

const SIZE_LABELS: Record<WaveSize, string> = { percent: 'A percent', count: 'A number of units', rest: 'The rest' };

/** One wave of the form: its size (a percent, a count or the rest), its success threshold and its gate. */
export function WaveRow({
  index,
  onSize,
  onRemove,
}: {
  index: number;
  onSize: (wave: WaveRowValues) => void;
  onRemove?: () => void;
}) {
  const name = `waves.${index}`;
  const { getValues } = useFormContext();
  const wave = useWatch({ name }) as WaveRowValues;
  const size = sizeOf(wave);
  const rowProblem = useFieldProblem(name);
  const n = index + 1;
  return (
    <Stack spacing={0.5} component="li" aria-label={`Wave ${n}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Typography sx={{ pt: 1, minWidth: 64 }}>{`Wave ${n}`}</Typography>
        <TextField
          select
          size="small"
          label={`Wave ${n} size`}
          value={size}
          onChange={(e) => onSize(withSize(getValues(name) as WaveRowValues, e.target.value as WaveSize))}
          sx={{ width: 190 }}
        >
          {(Object.keys(SIZE_LABELS) as WaveSize[]).map((s) => (
            <MenuItem key={s} value={s}>
              {SIZE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        {size !== 'rest' && (
          <FormTextField
            key={size}
            size="small"
            name={`${name}.${size}`}
            label={size === 'percent' ? `Wave ${n} percent` : `Wave ${n} units`}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: 130 }}
          />
        )}
        <FormTextField
          size="small"
          name={`${name}.successThreshold`}
          label={`Wave ${n} success threshold (%)`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 220 }}
        />
        <FormCheckbox name={`${name}.pauseAfter`} label={`Pause after wave ${n}`} />
        {onRemove && (
          <TooltipIconButton label={`Remove wave ${n}`} onClick={onRemove}>
            <DeleteOutlined />
          </TooltipIconButton>
        )}
      </Stack>
      {rowProblem && (
        <Typography variant="body2" color="error">
          {rowProblem}
        </Typography>
      )}
    </Stack>
  );
}
