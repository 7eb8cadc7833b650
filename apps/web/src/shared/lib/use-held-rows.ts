import { useCallback, useMemo, useState } from 'react';

/**
 * Rows that hold their places while the pointer is over them: a live list that re-sorts under the
 * pointer makes a click hit another row than the one read. While held, the rows keep the order and
 * membership of the moment the pointer came in, each showing its latest data (and the user's own
 * acts, `patch`); rows that arrived meanwhile show once it leaves, and `pending` says they wait.
 */
export function useHeldRows<Row extends { id: number }>(live: Row[] | undefined) {
  const [held, setHeld] = useState<Row[] | null>(null);
  const rows = useMemo(() => {
    if (!held) return live;
    const fresh = new Map((live ?? []).map((row) => [row.id, row]));
    return held.map((row) => fresh.get(row.id) ?? row);
  }, [held, live]);
  const pending = useMemo(() => {
    if (!held || !live) return false;
    const kept = new Set(held.map((row) => row.id));
    return live.some((row) => !kept.has(row.id));
  }, [held, live]);
  const release = useCallback(() => setHeld(null), []);
  /** Changes a held row in place (the user's own act on it), so it shows what they did. */
  const patch = useCallback(
    (id: number, change: Partial<Row>) =>
      setHeld((current) => current?.map((row) => (row.id === id ? { ...row, ...change } : row)) ?? null),
    [],
  );
  return {
    rows,
    pending,
    // An empty list has nothing to misclick: it keeps showing what arrives.
    hold: () => setHeld((current) => current ?? (live && live.length > 0 ? live : null)),
    release,
    patch,
  };
}
