import { useCallback, useState } from 'react';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { logProblem } from './log';

const storageKey = (table: string) => `grid-columns:${table}`;

/** What was stored, if it still has the shape of a visibility model; otherwise the table's default. */
function read(table: string, initial: GridColumnVisibilityModel): GridColumnVisibilityModel {
  try {
    const stored = localStorage.getItem(storageKey(table));
    const parsed: unknown = stored === null ? null : JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return initial;
    return Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === 'boolean'));
  } catch {
    return initial;
  }
}

/**
 * The columns a user hid in one table, kept in this browser (localStorage) so the table opens the
 * way they left it. Storage that refuses (private mode, quota) only costs the memory of it.
 */
export function useStoredColumnVisibility(table: string, initial: GridColumnVisibilityModel = {}) {
  const [kept, setKept] = useState(() => ({ table, model: read(table, initial) }));
  // Another table's choice (a phone turned to a laptop's width) is read when the name changes.
  const model = kept.table === table ? kept.model : read(table, initial);
  if (kept.table !== table) setKept({ table, model });
  const change = useCallback(
    (next: GridColumnVisibilityModel) => {
      setKept({ table, model: next });
      try {
        localStorage.setItem(storageKey(table), JSON.stringify(next));
      } catch (error) {
        logProblem(`The column choice of ${table} could not be kept.`, error);
      }
    },
    [table],
  );
  return [model, change] as const;
}
