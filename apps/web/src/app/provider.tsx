import { useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { LiveProvider } from '../features/live/live-provider';
import { BusyProvider } from '../shared/components/busy-provider';
import { NoticeProvider } from '../shared/components/notice-provider';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** Everything the routed screens rely on, outermost first. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NoticeProvider>
          <BusyProvider>
            <LiveProvider>{children}</LiveProvider>
          </BusyProvider>
        </NoticeProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
