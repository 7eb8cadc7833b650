import { useSyncExternalStore } from 'react';

/** MUI's sm breakpoint: below it the screen is a phone's. */
const PHONE_QUERY = '(max-width: 599.95px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
// jsdom has no matchMedia: a test's screen is a laptop's unless it stubs one.
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * The screen is a phone's (narrower than 600 px): layouts that need width give way to ones that
 * fit. A media query of its own rather than MUI's useMediaQuery, which would add its weight to
 * every page for one question.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(typeof window.matchMedia === 'function' ? subscribe : () => () => undefined, isPhone);
}
