/** A fault's place in time (ms since the epoch): when it was caused and when it ended. */
export interface FaultWindow {
  name: string;
  began: number;
  ended: number;
}

/** A moment told by the faults around it: `during "…"`, `12 s after "…"`, or `before the faults`. */
export function whenIn(faults: FaultWindow[], at: number): string {
  const fault = faults.filter((f) => f.began <= at).at(-1);
  if (!fault) return 'before the faults';
  if (at <= fault.ended) return `during "${fault.name}"`;
  return `${Math.round((at - fault.ended) / 1000)} s after "${fault.name}"`;
}
