import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NO_ALIGNERS_MATCH_TEXT, scheduleLoadColor, type ScheduleByDay } from '@ed/contract/software';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { searchSerials, useCreateSchedule, useScheduleByDay } from '../api/schedules';

const CHIP_COLOR = { green: 'success', yellow: 'warning', red: 'error' } as const;
const SHOWN_SERIALS = 12;

const dayKey = (d: ScheduleByDay[number]['_id']) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Units scheduled per day, coloured up to 10 green, up to 20 yellow, above red (part 2 §9). */
export function DayLoad({ days }: { days: ScheduleByDay }) {
  if (days.length === 0) return <Typography color="text.secondary">Nothing scheduled yet.</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Scheduled per day" role="list">
      {days.map((d) => {
        const color = scheduleLoadColor(d.count);
        return (
          <Chip
            key={dayKey(d._id)}
            role="listitem"
            color={CHIP_COLOR[color]}
            data-load={color}
            label={`${dayKey(d._id)}: ${d.count}`}
            aria-label={`${dayKey(d._id)}: ${d.count} scheduled (${color})`}
          />
        );
      })}
    </Stack>
  );
}

/** Schedule aligners matching a serial pattern to be staged with the latest update on a day. */
export function ScheduleDialog({
  open,
  onClose,
  latest,
}: {
  open: boolean;
  onClose: () => void;
  latest: string | null;
}) {
  const [pattern, setPattern] = useState('');
  const [matches, setMatches] = useState<string[] | null>(null);
  const [date, setDate] = useState(tomorrow);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const byDay = useScheduleByDay(open);
  const create = useCreateSchedule();
  const { alert } = useNotice();

  const close = () => {
    setPattern('');
    setMatches(null);
    setError(null);
    onClose();
  };
  const search = async () => {
    setSearching(true);
    setError(null);
    try {
      setMatches(await searchSerials(pattern.trim()));
    } catch (err) {
      setMatches(null);
      setError(errorMessage(err));
    } finally {
      setSearching(false);
    }
  };
  const confirm = () =>
    latest &&
    matches &&
    create.mutate(
      { serialNumbers: matches, version: { semantic: latest, meta: null }, date },
      {
        onSuccess: (r) => {
          alert(`${r.count} aligners scheduled for ${r.version.semantic} on ${r.date}.`);
          setMatches(null);
          setPattern('');
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Schedule Aligner Updates{latest ? ` to ${latest}` : ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!latest && <Alert severity="info">Publish an aligner update first.</Alert>}
          <Stack direction="row" spacing={1}>
            <TextField
              label="Serial number pattern"
              helperText="* matches any run of characters, ? one character; separate several with commas"
              value={pattern}
              onChange={(e) => {
                setPattern(e.target.value);
                setMatches(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && pattern.trim()) void search();
              }}
              sx={{ flex: 1 }}
            />
            <Button variant="outlined" disabled={!pattern.trim()} loading={searching} onClick={() => void search()}>
              Search
            </Button>
          </Stack>
          {matches?.length === 0 && <Alert severity="warning">{NO_ALIGNERS_MATCH_TEXT}</Alert>}
          {matches && matches.length > 0 && (
            <Typography aria-live="polite">
              {matches.length} aligner{matches.length === 1 ? '' : 's'} match:{' '}
              {matches.slice(0, SHOWN_SERIALS).join(', ')}
              {matches.length > SHOWN_SERIALS ? ', …' : ''}
            </Typography>
          )}
          <TextField
            label="Date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: new Date().toISOString().slice(0, 10) } }}
          />
          <Typography variant="subtitle2">Load per day</Typography>
          {byDay.data && <DayLoad days={byDay.data} />}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        {latest && matches && matches.length > 0 && (
          <Button variant="contained" loading={create.isPending} onClick={confirm}>
            Confirm
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
