import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmStatus, createAlarmRuleSchema } from '@ed/contract/alarms';
import { alarmsRoutes } from '@ed/contract/routes/alarms';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/client';
import { useLiveEvent } from '../../../shared/live/live-context';

export type RuleInput = z.input<typeof createAlarmRuleSchema>;

export interface AlarmsQuery {
  page: number;
  status?: AlarmStatus;
  acknowledged?: 'true' | 'false';
  ruleId?: number;
  serialNumber?: string;
}

const alarmKeys = {
  all: ['alarms'] as const,
  list: (query: AlarmsQuery) => ['alarms', 'list', query] as const,
  counts: ['alarms', 'counts'] as const,
  rules: ['alarms', 'rules'] as const,
};

/** While alarms stream in, the lists are read again at most this often: a filter typed meanwhile is not queued behind them. */
const REREAD_MS = 2_000;

/**
 * Every raise, acknowledgement or clearing anywhere is pushed (ALARMS_CHANGED): the counts at once,
 * what is shown read again, at most every REREAD_MS (the last push of a burst always counts).
 */
export function useLiveAlarms(enabled = true) {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveEvent('ALARMS_CHANGED', (counts) => {
    if (!enabled) return;
    queryClient.setQueryData(alarmKeys.counts, counts);
    if (timer.current) return;
    const reread = () => {
      timer.current = null;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: alarmKeys.all, predicate: (q) => q.queryKey[1] !== 'counts' });
    };
    const wait = last.current + REREAD_MS - Date.now();
    if (wait <= 0) reread();
    else timer.current = setTimeout(reread, wait);
  });
}

export function useAlarms(query: AlarmsQuery) {
  return useQuery({
    queryKey: alarmKeys.list(query),
    queryFn: ({ signal }) => callApi(alarmsRoutes.listAlarms, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The top bar's counts; only asked for by roles that see alarms. */
export function useAlarmCounts(enabled: boolean) {
  return useQuery({
    queryKey: alarmKeys.counts,
    queryFn: ({ signal }) => callApi(alarmsRoutes.alarmCounts, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useAlarmRules(enabled = true) {
  return useQuery({
    queryKey: alarmKeys.rules,
    queryFn: ({ signal }) => callApi(alarmsRoutes.listAlarmRules, { signal }),
    enabled,
  });
}

function useAlarmMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

export const useAcknowledgeAlarms = () =>
  useAlarmMutation((ids: number[]) => callApi(alarmsRoutes.acknowledgeAlarms, { body: { ids } }));
export const useClearAlarms = () =>
  useAlarmMutation((ids: number[]) => callApi(alarmsRoutes.clearAlarms, { body: { ids } }));
export const useSaveAlarmRule = () =>
  useAlarmMutation((rule: RuleInput & { id?: number }) =>
    rule.id === undefined
      ? callApi(alarmsRoutes.createAlarmRule, { body: rule })
      : callApi(alarmsRoutes.updateAlarmRule, { body: { ...rule, id: rule.id } }),
  );
export const useDeleteAlarmRule = () =>
  useAlarmMutation((id: number) => callApi(alarmsRoutes.deleteAlarmRule, { body: { id } }));
