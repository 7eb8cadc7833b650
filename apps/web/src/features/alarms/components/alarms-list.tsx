import { useCallback, useEffect, useMemo } from 'react';
import type { UseMutateFunction } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Alarm, AlarmStatus } from '@ed/contract/alarms';
import { alarmsRoutes } from '@ed/contract/routes/alarms';
import { errorMessage } from '../../../shared/api/http';
import { ChoiceFilter } from '../../../shared/components/choice-filter';
import { ExportCsvButton } from '../../../shared/components/export-csv-button';
import { useNotice } from '../../../shared/components/notice-context';
import { listLoading } from '../../../shared/lib/list-loading';
import { useSession } from '../../../shared/auth/use-session';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useHeldRows } from '../../../shared/lib/use-held-rows';
import { useListState } from '../../../shared/lib/use-list-state';
import { useAcknowledgeAlarms, useAlarmRules, useAlarms, useClearAlarms } from '../api/alarms';
import { AlarmsGrid } from './alarms-grid';

/** The list's filters in the address (?status=active&ack=false&ruleId=3&unit=…): a mail's link opens one rule's. */
const NO_FILTERS = { status: 'active', ack: '', ruleId: '', unit: '' };
const STATUS_CHOICES = [
  ['active', 'Active'],
  ['cleared', 'Cleared'],
  ['', 'All'],
] as const;
const ACK_CHOICES = [
  ['', 'All'],
  ['false', 'Not acknowledged'],
  ['true', 'Acknowledged'],
] as const;

const statusOf = (v: string): AlarmStatus | undefined => (v === 'active' || v === 'cleared' ? v : undefined);
const ackOf = (v: string): 'true' | 'false' | undefined => (v === 'true' || v === 'false' ? v : undefined);

type AlarmAct = 'Acknowledged' | 'Cleared';

/** What the user is told after an act; a cleared alarm comes back while its condition holds. */
const actText = (done: AlarmAct, alarm: Alarm) =>
  done === 'Cleared'
    ? `Cleared the alarm on ${alarm.serialNumber}. While its condition still holds, the rule raises it again at its next check.`
    : `Acknowledged the alarm on ${alarm.serialNumber}.`;

/** The alarms, filtered by status, acknowledgement, rule and unit, with Acknowledge and Clear on each. */
export function AlarmsList() {
  const { filters, page, setFilters, setPage } = useListState(NO_FILTERS);
  const unit = useDebouncedValue(filters.unit.trim(), 300);
  const ruleId = Number(filters.ruleId) || undefined;
  const query = useMemo(
    () => ({
      page: page + 1,
      status: statusOf(filters.status),
      acknowledged: ackOf(filters.ack),
      ruleId,
      serialNumber: unit || undefined,
    }),
    [page, filters.status, filters.ack, ruleId, unit],
  );
  const list = useAlarms(query);
  const { page: _page, ...exportQuery } = query;
  const rules = useAlarmRules();
  const acknowledge = useAcknowledgeAlarms();
  const clear = useClearAlarms();
  const { notify } = useNotice();
  const me = useSession()?.user.username ?? '';
  const held = useHeldRows(list.data?.docs);
  const { patch, release } = held;
  // Another filter or page is another list: nothing of the old one is held.
  useEffect(() => release(), [query, release]);
  const act = useCallback(
    (run: UseMutateFunction<unknown, Error, number[]>, done: AlarmAct) => (alarm: Alarm) =>
      run([alarm.id], {
        onSuccess: () => {
          patch(alarm.id, done === 'Cleared' ? { status: 'cleared', clearedBy: me } : { acknowledgedBy: me });
          notify(actText(done, alarm), 'success');
        },
        onError: (err) => notify(errorMessage(err), 'error'),
      }),
    [notify, patch, me],
  );

  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <ChoiceFilter
          label="Status"
          value={filters.status}
          choices={STATUS_CHOICES}
          onChange={(status) => setFilters({ status })}
          minWidth={130}
        />
        <ChoiceFilter
          label="Acknowledged"
          value={filters.ack}
          choices={ACK_CHOICES}
          onChange={(ack) => setFilters({ ack })}
          minWidth={170}
        />
        <TextField
          select
          size="small"
          label="Rule"
          value={rules.data ? filters.ruleId : ''}
          onChange={(e) => setFilters({ ruleId: e.target.value })}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All rules</MenuItem>
          {rules.data?.rules.map((rule) => (
            <MenuItem key={rule.id} value={String(rule.id)}>
              {rule.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Serial number"
          value={filters.unit}
          onChange={(e) => setFilters({ unit: e.target.value })}
        />
        <ExportCsvButton route={alarmsRoutes.exportAlarms} query={exportQuery} fileName="alarms.csv" />
      </Stack>
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(list.error)}
        </Alert>
      )}
      <Box onMouseEnter={held.hold} onMouseLeave={held.release}>
        <AlarmsGrid
          rows={held.rows}
          totalDocs={list.data?.totalDocs}
          loading={listLoading(list)}
          page={page}
          onPageChange={(next) => {
            held.release();
            setPage(next);
          }}
          onAcknowledge={act(acknowledge.mutate, 'Acknowledged')}
          onClear={act(clear.mutate, 'Cleared')}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mt: 1, minHeight: '1.5em' }}>
        {held.pending ? 'New alarms arrived: the list holds still under the pointer and updates when it leaves.' : ''}
      </Typography>
    </>
  );
}
