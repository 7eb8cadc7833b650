import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// As main.tsx does: forms show the contract's sentences, not zod's wording.
import '../shared/lib/zod-jitless';
import { checkFakeAnswers } from './fake-server';

// findBy… and waitFor wait up to 5 s, not 1 s: lazy screens load slower while another test file
// shares the cores (two run at once, vitest.config.ts). A passing wait returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  // Last: a fake answer the contract refuses fails the test that got it, with the contract's words.
  checkFakeAnswers();
});
