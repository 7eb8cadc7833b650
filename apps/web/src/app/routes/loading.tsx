import { Suspense, type ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';

/** A screen loaded on first visit, with a progress bar while its code arrives. */
export const loading = (screen: ReactNode) => (
  <Suspense fallback={<LinearProgress aria-label="Loading the screen" />}>{screen}</Suspense>
);
