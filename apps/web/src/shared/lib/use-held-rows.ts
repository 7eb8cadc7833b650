import { useCallback, useState } from 'react';

/**
 * Rows that hold still while the pointer is over them: a live list that re-sorts under the pointer
 * makes a click hit another row than the one read. While held, the rows shown are those of the
 * moment the pointer came in (with `patch` applied to the ones the user acted on); what arrived
 * meanwhile shows once it leaves. `pending` says whether newer rows are waiting.
 */
export function useHeldRows<Row extends { id: number }>(live: Row[] | undefined) {
  const [held, setHeld] = useState<Row[] | null>(null);
  const shown = held ?? live;
  const release = useCallback(() => setHeld(null), []);
  /** Changes a held row in place (the user's own act on it), so it shows what they did. */
  const patch = useCallback(
    (id: number, change: Partial<Row>) =>
      setHeld((current) => current?.map((row) => (row.id === id ? { ...row, ...change } : row)) ?? null),
    [],
  );
  return {
    rows: shown,
    pending: held !== null && live !== undefined && live !== held && !sameRows(held, live),
    // An empty list has nothing to misclick: it keeps showing what arrives.
    hold: () => setHeld((current) => current ?? (live && live.length > 0 ? live : null)),
    release,
    patch,
  };
}

const sameRows = <Row extends { id: number }>(a: Row[], b: Row[]) =>
  a.length === b.length && a.every((row, i) => row.id === b[i]?.id);
