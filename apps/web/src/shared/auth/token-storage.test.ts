import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@ed/contract/constants';
import { tokenFor } from '../../testing/fixtures';
import {
  clearEnrolmentRequired,
  getTokenSnapshot,
  markEnrolmentRequired,
  readToken,
  removeToken,
  subscribeToken,
  writeToken,
} from './token-storage';

describe('token storage', () => {
  it('keeps the token response as JSON under user-token', () => {
    const token = tokenFor('engineer', 'bob');
    writeToken(token);
    expect(JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null')).toEqual(token);
    expect(readToken()).toEqual(token);
  });

  it('answers null when nothing is stored', () => {
    expect(readToken()).toBeNull();
  });

  it('removes a value that is not JSON', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, '{not json');
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('removes JSON that is not a token response', () => {
    localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify({ access_token: 'x', user: { username: 'a', role: 'king' } }),
    );
    expect(getTokenSnapshot()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('refuses to store a token of the wrong shape', () => {
    expect(() => writeToken({ ...tokenFor(), token_type: 'Basic' } as never)).toThrow();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('tells subscribers about writes and removal, and gives a stable snapshot', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    writeToken(tokenFor());
    expect(getTokenSnapshot()).toBe(getTokenSnapshot());
    removeToken();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getTokenSnapshot()).toBeNull();
    unsubscribe();
    writeToken(tokenFor());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('hears a sign-out made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('marks and clears a session that waits for a second factor', () => {
    markEnrolmentRequired();
    expect(readToken()).toBeNull();
    writeToken(tokenFor());
    markEnrolmentRequired();
    expect(readToken()).toEqual({ ...tokenFor(), mfa_enrolment_required: true });
    clearEnrolmentRequired();
    expect(readToken()).toEqual(tokenFor());
  });
});
