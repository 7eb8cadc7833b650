import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countOf } from '@ed/contract/count-text';
import { NO_ALIGNERS_MATCH_TEXT, type ScheduleLeftOut } from '@ed/contract/software';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';
import { scheduleConflicts, searchSerials, useCreateSchedule, useScheduleByDay } from '../api/schedules';
import { DayLoad } from './day-load';

const SHOWN_SERIALS = 12;

const shortList = (serials: string[]) =>
  `${serials.slice(0, SHOWN_SERIALS).join(', ')}${serials.length > SHOWN_SERIALS ? ', …' : ''}`;

/** Units Confirm leaves out, so none is booked twice or updated to what it runs. */
function LeftOutNotice({ leftOut, semantic }: { leftOut: ScheduleLeftOut; semantic: string }) {
  const { alreadyScheduled, alreadyOnVersion } = leftOut;
  if (alreadyScheduled.length === 0 && alreadyOnVersion.length === 0) return null;
  return (
    <Alert severity="warning">
      {alreadyScheduled.length > 0 && (
        <div>
          {`Left out, already scheduled: ${alreadyScheduled
            .slice(0, SHOWN_SERIALS)
            .map((u) => `${u.serialNumber} (${u.semantic} on ${u.date})`)
            .join(', ')}${alreadyScheduled.length > SHOWN_SERIALS ? ', …' : ''}`}
        </div>
      )}
      {alreadyOnVersion.length > 0 && <div>{`Left out, already on ${semantic}: ${shortList(alreadyOnVersion)}`}</div>}
    </Alert>
  );
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

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
  const [leftOut, setLeftOut] = useState<ScheduleLeftOut | null>(null);
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
      const [found, conflicts] = await Promise.all([
        searchSerials(pattern.trim()),
        latest ? scheduleConflicts(pattern.trim(), latest) : null,
      ]);
      setMatches(found);
      setLeftOut(conflicts);
    } catch (err) {
      setMatches(null);
      setError(errorMessage(err));
    } finally {
      setSearching(false);
    }
  };
  const skipped = new Set([
    ...(leftOut?.alreadyScheduled.map((u) => u.serialNumber) ?? []),
    ...(leftOut?.alreadyOnVersion ?? []),
  ]);
  const toSchedule = matches?.filter((serial) => !skipped.has(serial)) ?? [];
  const confirm = () =>
    latest &&
    toSchedule.length > 0 &&
    create.mutate(
      { serialNumbers: toSchedule, version: { semantic: latest, meta: null }, date },
      {
        onSuccess: (r) => {
          alert(`${countOf(r.count, 'aligner')} scheduled for ${r.version.semantic} on ${r.date}.`);
          setMatches(null);
          setLeftOut(null);
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
                setLeftOut(null);
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
              {countOf(matches.length, 'aligner')} match: {shortList(matches)}
            </Typography>
          )}
          {matches && latest && leftOut && <LeftOutNotice leftOut={leftOut} semantic={latest} />}
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
          <Button variant="contained" loading={create.isPending} disabled={toSchedule.length === 0} onClick={confirm}>
            Confirm
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
