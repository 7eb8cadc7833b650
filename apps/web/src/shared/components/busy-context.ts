import { createContext, useContext, useEffect } from 'react';

export interface BusyApi {
  busy: boolean;
  /** Marks one piece of work as running; call the returned function when it ends. */
  begin: () => () => void;
}

export const BusyContext = createContext<BusyApi | null>(null);

export function useBusy(): BusyApi {
  const api = useContext(BusyContext);
  if (!api) throw new Error('useBusy must be used inside a BusyProvider.');
  return api;
}

/** Shows the full-screen busy spinner for as long as `active` is true. */
export function useBusyWhile(active: boolean): void {
  const { begin } = useBusy();
  useEffect(() => (active ? begin() : undefined), [active, begin]);
}
