import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BusyProvider } from '../shared/components/busy-provider';
import { NoticeProvider } from '../shared/components/notice-provider';
import { theme } from './theme';

/**
 * What every route relies on, outermost first. The query cache and the live socket come with
 * sign-in (routes/signed-in.tsx), so the public pages carry neither.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NoticeProvider>
        <BusyProvider>{children}</BusyProvider>
      </NoticeProvider>
    </ThemeProvider>
  );
}
