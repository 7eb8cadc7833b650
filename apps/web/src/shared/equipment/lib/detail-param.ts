import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The search parameter that opens the equipment detail over any screen, so a unit can be linked to. */
const SERIAL_PARAM = 'serial';

/** The detail of a unit over the screen the user is on, e.g. "?serial=V33CP1234". */
export const detailSearch = (serialNumber: string) => `?${new URLSearchParams({ [SERIAL_PARAM]: serialNumber })}`;

/**
 * The unit whose detail is open (from the address) and a way to open another or close it, keeping
 * the screen and its other parameters.
 */
export function useDetailParam(): [string | null, (serialNumber: string | null, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const show = useCallback(
    (serialNumber: string | null, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (serialNumber) next.set(SERIAL_PARAM, serialNumber);
          else next.delete(SERIAL_PARAM);
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [params.get(SERIAL_PARAM), show];
}
