import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { BusyProvider } from '../shared/components/busy-provider';
import { NoticeProvider } from '../shared/components/notice-provider';

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const queryClient =
    client ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <NoticeProvider>
        <BusyProvider>{children}</BusyProvider>
      </NoticeProvider>
    </QueryClientProvider>
  );
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<Providers>{ui}</Providers>);
}

/** Renders routes at `path` in memory; the router tells where navigation went. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}
