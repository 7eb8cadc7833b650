import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { LiveContext, type LiveSocket } from '../shared/live/live-context';
import { BusyProvider } from '../shared/components/busy-provider';
import { NoticeProvider } from '../shared/components/notice-provider';
import { FakeSocket } from './fake-socket';

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

/**
 * Renders one screen or dialog at `path` with the providers, a router and a fake live socket
 * (already connected) that the test can play the server on.
 */
export function renderScreen(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const socket = new FakeSocket({});
  socket.accept();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <Providers>
      <LiveContext.Provider value={socket as unknown as LiveSocket}>
        <RouterProvider router={router} />
      </LiveContext.Provider>
    </Providers>,
  );
  return { ...result, router, socket };
}
