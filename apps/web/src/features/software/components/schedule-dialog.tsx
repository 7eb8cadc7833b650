import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { countOf } from '@ed/contract/count-text';
import { NO_ALIGNERS_MATCH_TEXT, scheduleFormSchema, type ScheduleLeftOut } from '@ed/contract/software';
import { fieldsValid } from '../../../shared/components/form-context';
import { FormScope } from '../../../shared/components/form-dialog';
import { FormTextField } from '../../../shared/components/form-fields';
import { useNotice } from '../../../shared/components/notice-context';
import { useSubmission, useZodForm } from '../../../shared/components/use-zod-form';
import { SavedViewField } from '../../../shared/equipment/components/saved-view-field';
import { useCreateSchedule, useScheduleByDay } from '../api/schedules';
import { DayLoad } from './day-load';
import { useSerialSearch } from './use-serial-search';

const SHOWN_SERIALS = 12;
/** The spec's text names the pattern; a view searched in its place has its own. */
const NO_ALIGNERS_IN_VIEW_TEXT = 'No aligners are in this saved view. Please choose another, or search a pattern.';

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

/**
 * The dialog's form: search a pattern, or choose a saved view (searched at once, in place of the
 * pattern), then Confirm schedules what matched on the chosen day.
 */
function ScheduleForm({ latest, onClose }: { latest: string | null; onClose: () => void }) {
  const form = useZodForm(scheduleFormSchema, { pattern: '', viewId: '', date: tomorrow() });
  const { control, getValues, handleSubmit, reset, resetField, trigger } = form.methods;
  const chosenView = useWatch({ control, name: 'viewId' });
  const byView = typeof chosenView === 'number';
  const { failure, run } = useSubmission();
  const { matches, leftOut, searching, search: searchFor, forget } = useSerialSearch(latest, run);
  const byDay = useScheduleByDay(true);
  const create = useCreateSchedule();
  const { alert } = useNotice();
  const searchable = byView || fieldsValid(form.issues, ['pattern']);

  /** Search reads the chosen view again, or the pattern once it is valid. */
  const search = async () => {
    const viewId = getValues('viewId');
    if (typeof viewId === 'number') return searchFor({ viewId });
    if (!(await trigger('pattern'))) return;
    await searchFor({ pattern: getValues('pattern').trim() });
  };
  const chooseView = (viewId: number | null) => {
    // Reset, not just emptied: back to the pattern, it shows no problem until typed in again.
    resetField('pattern');
    if (viewId === null) forget();
    else void searchFor({ viewId });
  };
  const skipped = new Set([
    ...(leftOut?.alreadyScheduled.map((u) => u.serialNumber) ?? []),
    ...(leftOut?.alreadyOnVersion ?? []),
  ]);
  const toSchedule = matches?.filter((serial) => !skipped.has(serial)) ?? [];
  const confirm = handleSubmit(({ date, viewId }) =>
    run(async () => {
      if (!latest || toSchedule.length === 0) return;
      const version = { semantic: latest, meta: null };
      // A view's aligners are taken by the server as they are now, not the list read at the search.
      const r = await create.mutateAsync(
        viewId === null ? { serialNumbers: toSchedule, version, date } : { viewId, version, date },
      );
      alert(`${countOf(r.count, 'aligner')} scheduled for ${r.version.semantic} on ${r.date}.`);
      forget();
      // A fresh form, not a submitted one with its fields emptied: an empty pattern is no mistake yet.
      reset({ pattern: '', viewId: '', date });
    }),
  );

  return (
    <FormScope form={form}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!latest && <Alert severity="info">Publish an aligner update first.</Alert>}
          <Stack direction="row" spacing={1}>
            <FormTextField
              name="pattern"
              label="Serial number pattern"
              helperText="* matches any run of characters, ? one character; separate several with commas"
              disabled={byView}
              onChange={forget}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && searchable) void search();
              }}
              sx={{ flex: 1 }}
            />
            <Button variant="outlined" disabled={!searchable} loading={searching} onClick={() => void search()}>
              Search
            </Button>
          </Stack>
          <SavedViewField
            name="viewId"
            family="aligner"
            helperText="Or the aligners of a saved view, in place of the pattern"
            onChange={chooseView}
          />
          {matches?.length === 0 && (
            <Alert severity="warning">{byView ? NO_ALIGNERS_IN_VIEW_TEXT : NO_ALIGNERS_MATCH_TEXT}</Alert>
          )}
          {matches && matches.length > 0 && (
            <Typography aria-live="polite">
              {countOf(matches.length, 'aligner')} match: {shortList(matches)}
            </Typography>
          )}
          {matches && latest && leftOut && <LeftOutNotice leftOut={leftOut} semantic={latest} />}
          <FormTextField
            name="date"
            label="Date"
            type="date"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: new Date().toISOString().slice(0, 10) } }}
          />
          <Typography variant="subtitle2">Load per day</Typography>
          {byDay.data && <DayLoad days={byDay.data} />}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {latest && matches && matches.length > 0 && (
          <Button
            variant="contained"
            loading={create.isPending}
            disabled={toSchedule.length === 0 || form.issues.size > 0}
            onClick={() => void confirm()}
          >
            Confirm
          </Button>
        )}
      </DialogActions>
    </FormScope>
  );
}

/** Schedule aligners matching a serial pattern, or those of a saved view, to be staged with the latest update on a day. */
export function ScheduleDialog({
  open,
  onClose,
  latest,
}: {
  open: boolean;
  onClose: () => void;
  latest: string | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 600 } } }}>
      <DialogTitle>Schedule Aligner Updates{latest ? ` to ${latest}` : ''}</DialogTitle>
      {/* The form lives inside the dialog, so that it starts empty each time the dialog opens. */}
      <ScheduleForm latest={latest} onClose={onClose} />
    </Dialog>
  );
}
