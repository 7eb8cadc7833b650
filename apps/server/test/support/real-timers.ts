import { afterEach, vi } from 'vitest';

// The server's test files share their worker's modules (isolate: false in vitest.config.ts): a
// test that fakes the clock and fails before it gives it back must not leave it fake for the
// files after it.
afterEach(() => {
  vi.useRealTimers();
});
