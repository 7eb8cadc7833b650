import { useRef, useState } from 'react';
import type { ScheduleLeftOut } from '@ed/contract/software';
import { scheduleConflicts, searchSerials, type SerialQuery } from '../api/schedules';

/**
 * The Schedule dialog's search: the aligners found, and those a schedule to `latest` would leave
 * out. Only the newest search counts: a view chosen while another's aligners are still being read
 * must not show the first view's answer, nor its failure.
 */
export function useSerialSearch(latest: string | null, run: (task: () => Promise<unknown>) => Promise<void>) {
  const [matches, setMatches] = useState<string[] | null>(null);
  const [leftOut, setLeftOut] = useState<ScheduleLeftOut | null>(null);
  const [searching, setSearching] = useState(false);
  const newest = useRef(0);

  /** Drops what was found, and the answer of a search still under way. */
  const forget = () => {
    newest.current += 1;
    setMatches(null);
    setLeftOut(null);
    setSearching(false);
  };

  const search = async (query: SerialQuery) => {
    forget();
    const id = newest.current;
    setSearching(true);
    await run(async () => {
      try {
        const [found, conflicts] = await Promise.all([
          searchSerials(query),
          latest ? scheduleConflicts(query, latest) : null,
        ]);
        if (id !== newest.current) return;
        setMatches(found);
        setLeftOut(conflicts);
      } catch (err) {
        if (id === newest.current) throw err;
      }
    });
    if (id === newest.current) setSearching(false);
  };

  return { matches, leftOut, searching, search, forget };
}
