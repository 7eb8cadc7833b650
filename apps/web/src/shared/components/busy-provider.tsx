import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { BusyContext, useBusy, type BusyApi } from './busy-context';

/** Counts running work so overlapping jobs keep the spinner up until the last one ends. */
export function BusyProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);

  const begin = useCallback(() => {
    setCount((n) => n + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      setCount((n) => n - 1);
    };
  }, []);

  const api = useMemo<BusyApi>(() => ({ busy: count > 0, begin }), [count, begin]);

  return (
    <BusyContext.Provider value={api}>
      {children}
      <Backdrop open={count > 0} sx={{ zIndex: (theme) => theme.zIndex.tooltip + 1, color: '#fff' }}>
        <CircularProgress color="inherit" aria-label="Busy" />
      </Backdrop>
    </BusyContext.Provider>
  );
}

/** Routed content: kept mounted (so forms keep their state) but hidden while busy. */
export function BusyContent({ children }: { children: ReactNode }) {
  const { busy } = useBusy();
  return (
    <Box hidden={busy} aria-busy={busy} sx={{ display: busy ? 'none' : 'contents' }}>
      {children}
    </Box>
  );
}
